// The vite plugin that turns scenarios/<name>/snapshot.yml into a test file: what it compiles a
// manifest into, and which files it registers so watch mode re-runs the scenario when they change.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchProject } from '../test-support/scratch-project.ts'
import { packageFile, packageRoot } from '../../../lib/package-root.ts'
import { scenarioFiles } from './scenario-files.ts'
import { scenarioWatchFiles } from './watch-files.ts'

type Hook = (this: unknown, code: string, id: string) => Promise<{ code: string } | undefined>

/** The plugin's transform of `id`; `watch` as vitest would tell it (undefined: a vite server without vitest). */
async function transform(
  id: string,
  options: { watch?: boolean; fromBuild?: boolean; code?: string; root?: string } = {},
) {
  const plugin = scenarioFiles({ root: options.root ?? packageRoot, fromBuild: options.fromBuild })
  if (options.watch !== undefined)
    (plugin.configureVitest as (context: unknown) => void)({ vitest: { config: { watch: options.watch } } })
  const watched: string[] = []
  const hook = plugin.transform as Hook
  const result = await hook.call({ addWatchFile: (file: string) => watched.push(file) }, options.code ?? '', id)
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

  it('loads the scenario module from dist/ (fromBuild) in a single run, from the sources when watching', async () => {
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

  it('watches what the scenarios of a defineSnapshotSuite table depend on, local composition plugins too', async () => {
    const project = scratchProject('suite-watch')
    try {
      for (const name of ['text-turn', 'read-file'])
        cpSync(packageFile('scenarios', name), join(project.root, 'scenarios', name), { recursive: true })
      mkdirSync(join(project.root, 'local'))
      writeFileSync(join(project.root, 'local', 'shout.js'), 'export const name = "shout"\n')
      writeFileSync(join(project.root, 'cordis.yml'), '- { id: shout, name: ./local/shout.js }\n')
      mkdirSync(join(project.root, 'tests'))
      const table = join(project.root, 'tests', 'dsh.test.js')
      const suite = (code: string, watch = true) => transform(table, { code, root: project.root, watch })
      const all = await suite("await defineSnapshotSuite({ url: import.meta.url, scenarios: 'all' })")
      expect(all.result).toBeUndefined()
      expect(all.watched).toEqual(
        expect.arrayContaining([
          join(project.root, 'scenarios', 'text-turn', 'stdout.golden.jsonl'),
          join(project.root, 'scenarios', 'read-file', 'model.yml'),
          join(project.root, 'scenarios', 'read-file', 'workspace', 'src', 'math.js'),
          join(project.root, 'cordis.yml'),
          join(project.root, 'local', 'shout.js'),
          packageFile('plugins', 'agent', 'turn.ts'),
        ]),
      )
      expect((await suite('export const x = 1')).watched).toEqual([])
      // A single run watches nothing.
      expect((await suite("defineSnapshotSuite({ url, scenarios: 'all' })", false)).watched).toEqual([])
      const listed = await suite("defineSnapshotSuite({ url, scenarios: ['read-file'] })")
      expect(listed.watched).toContain(join(project.root, 'scenarios', 'read-file', 'model.yml'))
      expect(listed.watched).not.toContain(join(project.root, 'scenarios', 'text-turn', 'stdout.golden.jsonl'))
    } finally {
      project.remove()
    }
  })
})
