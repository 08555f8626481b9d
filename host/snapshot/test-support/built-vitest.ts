// The vitest front end as an installed dsh gives it to a project: `dsh/vitest` from dist/, which
// vitest leaves to node (it does for any package under node_modules) instead of transforming dsh's
// TypeScript again in every nested run (half the CPU of such a run).
import { packageFile } from '../../../lib/package-root.ts'

/** The absolute path of dist's `dsh/vitest` entry, for an import in a scratch project's files. */
export const builtVitestEntry = JSON.stringify(packageFile('dist', 'host', 'snapshot', 'vitest', 'index.js'))

/** A vitest.config.mjs using the scenarioFiles plugin with these test options. */
export function builtVitestConfig(test: Record<string, unknown>): string {
  // A path prefix as a RegExp: vitest matches strings against package names, not paths.
  const dist = `${packageFile('dist')}/`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const external = `server: { deps: { external: [new RegExp(${JSON.stringify(`^${dist}`)})] } }`
  return `import { scenarioFiles } from ${builtVitestEntry}
export default { plugins: [scenarioFiles()], test: { ...${JSON.stringify(test)}, ${external} } }
`
}
