// The vite plugin that turns scenarios/<name>/snapshot.yml into a test file: what it compiles a
// manifest into, and which files it registers so watch mode re-runs the scenario when they change.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageFile, packageRoot } from '../../../lib/package-root.ts'
import { scenarioFiles } from './scenario-files.ts'
import { scenarioWatchFiles } from './watch-files.ts'

type Hook = (this: unknown, code: string, id: string) => Promise<{ code: string } | undefined>

/** The plugin's transform of `id`; `watch` as vitest would tell it (undefined: a vite server without vitest). */
async function transform(id: string, options: { watch?: boolean; fromBuild?: boolean } = {}) {
  const plugin = scenarioFiles({ root: packageRoot, fromBuild: options.fromBuild })
  if (options.watch !== undefined)
    (plugin.configureVitest as (context: unknown) => void)({ vitest: { config: { watch: options.watch } } })
  const watched: string[] = []
  const hook = plugin.transform as Hook
  const result = await hook.call({ addWatchFile: (file: string) => watched.push(file) }, '', id)
  return { result, watched }
}

describe('scenarioFiles', () => {
  it('compiles a manifest into one scenario test and leaves other files alone', async () => {
    const { result } = await transform(packageFile('scenarios', 'text-turn', 'snapshot.yml'))
    expect(result?.code).toContain('defineScenarioFile')
    expect(result?.code).toContain('import.meta.url')
    expect((await transform(packageFile('scenarios', 'text-turn', 'input.json'))).result).toBeUndefined()
    expect((await transform(packageFile('overlays', 'snapshot.yml'))).result).toBeUndefined()
  })

  it('loads the scenario module from dist/ with fromBuild in a single run, from the sources when watching', async () => {
    const manifest = packageFile('scenarios', 'text-turn', 'snapshot.yml')
    const built = JSON.stringify(packageFile('dist', 'host', 'snapshot', 'vitest', 'scenario-file.js'))
    const source = JSON.stringify(packageFile('host', 'snapshot', 'vitest', 'scenario-file.ts'))
    const run = await transform(manifest, { watch: false, fromBuild: true })
    expect(run.result?.code).toContain(`from ${built}`)
    // A single run registers no watch files: nobody would watch them.
    expect(run.watched).toEqual([])
    const watching = await transform(manifest, { watch: true, fromBuild: true })
    expect(watching.result?.code).toContain(`from ${source}`)
    expect(watching.watched.length).toBeGreaterThan(0)
    expect((await transform(manifest, { watch: false })).result?.code).toContain(`from ${source}`)
  })

  it('watches the scenario folder, its pin, its overlays, the composition and the plugin sources', async () => {
    const { watched } = await transform(packageFile('scenarios', 'read-only-unknown-tool', 'snapshot.yml'), {
      watch: true,
    })
    expect(watched).toEqual(
      expect.arrayContaining([
        packageFile('scenarios', 'read-only-unknown-tool', 'input.json'),
        packageFile('scenarios', 'read-only-unknown-tool', 'session.jsonl'),
        // its class pin owns the tool schemas and takes the system prompt from text-turn
        packageFile('scenarios', 'read-only-list-dir', 'tool-schemas.expected.json'),
        packageFile('scenarios', 'text-turn', 'system-prompt.expected.md'),
        packageFile('overlays', 'read-only.cordis.yml'),
        packageFile('cordis.yml'),
        packageFile('cordis.snapshot.yml'),
        packageFile('plugins', 'agent', 'turn.ts'),
      ]),
    )
    expect(watched.some((file) => file.endsWith('.test.ts'))).toBe(false)
    expect(watched.some((file) => file.startsWith(packageFile('dist')))).toBe(false)
    expect(watched).not.toContain(packageFile('scenarios', 'list-dir', 'input.json'))
  })

  it("watches a restored session's source logs", () => {
    expect(scenarioWatchFiles(packageRoot, 'load-recorded-session')).toEqual(
      expect.arrayContaining([join(packageRoot, 'scenarios', 'bash-allow-once', 'session.jsonl')]),
    )
  })
})
