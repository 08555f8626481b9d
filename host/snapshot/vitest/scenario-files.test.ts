// The vite plugin that turns scenarios/<name>/snapshot.yml into a test file: what it compiles a
// manifest into, and which files it registers so watch mode re-runs the scenario when they change.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageFile, packageRoot } from '../../../lib/package-root.ts'
import { scenarioFiles } from './scenario-files.ts'
import { scenarioWatchFiles } from './watch-files.ts'

function transform(id: string) {
  const plugin = scenarioFiles({ root: packageRoot })
  const watched: string[] = []
  const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | undefined
  const result = hook.call({ addWatchFile: (file: string) => watched.push(file) }, '', id)
  return { result, watched }
}

describe('scenarioFiles', () => {
  it('compiles a manifest into one scenario test and leaves other files alone', () => {
    const { result } = transform(packageFile('scenarios', 'text-turn', 'snapshot.yml'))
    expect(result?.code).toContain('defineScenarioFile')
    expect(result?.code).toContain('import.meta.url')
    expect(transform(packageFile('scenarios', 'text-turn', 'input.json')).result).toBeUndefined()
    expect(transform(packageFile('overlays', 'snapshot.yml')).result).toBeUndefined()
  })

  it('watches the scenario folder, its pin, its overlays, the composition and the plugin sources', () => {
    const { watched } = transform(packageFile('scenarios', 'read-only-unknown-tool', 'snapshot.yml'))
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
