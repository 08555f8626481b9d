// Whether dist/ is older than the sources it is built from: a source in plugins/, host/ or lib/ (tests
// excluded) newer than the built CLI, or no build at all. Shared by `scripts/build.mjs --if-stale` and
// vitest's global setup, which checks in its own process and starts a build only when one is due.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export function buildIsStale(root) {
  const builtCli = join(root, 'dist', 'host', 'app', 'cli.js')
  if (!existsSync(builtCli)) return true
  const builtAt = statSync(builtCli).mtimeMs
  return ['plugins', 'host', 'lib'].some((dir) =>
    readdirSync(join(root, dir), { withFileTypes: true, recursive: true }).some(
      (entry) =>
        entry.isFile() &&
        entry.name.endsWith('.ts') &&
        !entry.name.endsWith('.test.ts') &&
        statSync(join(entry.parentPath, entry.name)).mtimeMs > builtAt,
    ),
  )
}
