// The snapshot service inside its composition: it announces every scenario to reporters, a
// scenario that throws inside the composition fails alone, it refuses to run next to a live
// model adapter, disposing it disposes the sibling compositions it booted, and a lone play runs on
// the composition its scenario needs.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile, packageRoot } from '../../../lib/package-root.ts'
import { bootComposition } from '../../../plugins/config/boot.ts'
import { bootHostComposition } from '../run/host-composition.ts'
import { modeOverlays } from './patches.ts'
import { discoverScenarios } from '../scenario/discover.ts'
import { prepareRun } from '../fixtures/prepare.ts'
import { scratchProject } from '../test-support/scratch-project.ts'
import type { ScenarioEnd, ScenarioStart } from './events.ts'
import { failureMessages } from '../model/failure.ts'

const project = scratchProject('service')
afterAll(() => project.remove())

/** Copies of text-turn: `good` as it is, `broken` with a replay override that is not JSON. */
async function scratchScenarios() {
  for (const name of ['good', 'broken']) {
    const dir = join(project.root, 'scenarios', name)
    cpSync(join(packageRoot, 'scenarios', 'text-turn'), dir, { recursive: true })
    const manifest = readFileSync(join(dir, 'snapshot.yml'), 'utf8').replace('scenario: text-turn', `scenario: ${name}`)
    writeFileSync(join(dir, 'snapshot.yml'), name === 'broken' ? manifest.replace('pin: true', 'pin: false') : manifest)
  }
  const broken = join(project.root, 'scenarios', 'broken')
  writeFileSync(
    join(broken, 'snapshot.yml'),
    `${readFileSync(join(broken, 'snapshot.yml'), 'utf8')}replay: overridden\n`,
  )
  writeFileSync(join(broken, 'replay.override.json'), '{ not json')
  for (const sidecar of ['system-prompt.expected.md', 'tool-schemas.expected.json']) rmSync(join(broken, sidecar))
  return (await discoverScenarios(project.root)).scenarios
}

describe('the snapshot service', () => {
  it(
    'reports each scenario as events and return values; one ' + 'that throws inside the composition fails alone',
    async () => {
      const corpus = await scratchScenarios()
      const byName = (name: string) => corpus.find((s) => s.name === name)!
      const host = await bootHostComposition({ repoRoot: project.root, mode: 'replay', log: () => {} })
      try {
        const events: (ScenarioStart | ScenarioEnd)[] = []
        host.booted.ctx.on('snapshot/scenario-start', (event) => events.push(event))
        host.booted.ctx.on('snapshot/scenario-end', (event) => events.push(event))
        const scenarios = [byName('good'), byName('broken'), byName('good')]
        const result = await host.snapshot.runBatch({ scenarios, corpus, repoRoot: project.root })

        expect(result.outcomes.map((o) => [o.scenario, o.ok])).toEqual([
          ['good', true],
          ['broken', false],
          ['good', true],
        ])
        expect(failureMessages(result.outcomes[1]!.failures).join('\n')).toContain(
          'replay.override.json: not valid JSON',
        )
        expect(result.outcomes[2]!.surfaces).toEqual(result.outcomes[0]!.surfaces)
        expect(events.map((e) => `${'outcome' in e ? 'end' : 'start'} ${e.index}/${e.total} ${e.scenario}`)).toEqual([
          'start 1/3 good',
          'end 1/3 good',
          'start 2/3 broken',
          'end 2/3 broken',
          'start 3/3 good',
          'end 3/3 good',
        ])
        expect(events.filter((e) => 'outcome' in e).map((e) => (e as ScenarioEnd).outcome)).toEqual(result.outcomes)
      } finally {
        await host.dispose()
      }
    },
  )

  it('disposed mid-batch, disposes the sibling composition it booted for a scenario', async () => {
    const corpus = await scratchScenarios()
    const good = join(project.root, 'scenarios', 'good')
    const disposedFile = join(project.root, 'sibling-disposed')
    // A cordis.patch.yml puts the scenario in a sibling composition; its one extra entry says when that stops.
    writeFileSync(
      join(good, 'marker.js'),
      "import { writeFileSync } from 'node:fs'\nexport const name = 'marker'\nexport const apply = (ctx, config) =>" +
        " ctx.effect(() => () => writeFileSync(config.disposedFile, 'disposed'))\n",
    )
    writeFileSync(
      join(good, 'cordis.patch.yml'),
      `- insert:\n    - { id: marker, name: ./marker.js, config: { disposedFile: ${disposedFile} } }\n`,
    )
    const patched = (await discoverScenarios(project.root)).scenarios.find((s) => s.name === 'good')!
    const host = await bootHostComposition({ repoRoot: project.root, mode: 'replay', log: () => {} })
    const disposals: Promise<boolean>[] = []
    // Once the scenario has ended, before the batch lets go of its stages: dispose the whole host.
    host.booted.ctx.on('snapshot/scenario-end', () => {
      expect(existsSync(disposedFile)).toBe(false)
      disposals.push(host.dispose().then(() => existsSync(disposedFile)))
    })
    let disposedWithService = false
    try {
      const batch = host.snapshot.runBatch({ scenarios: [patched], corpus, repoRoot: project.root })
      expect((await batch).outcomes.map((o) => o.ok)).toEqual([true])
      disposedWithService = (await disposals[0]) ?? false
    } finally {
      for (const file of ['cordis.patch.yml', 'marker.js']) rmSync(join(good, file))
      await host.dispose()
    }
    expect(disposedWithService).toBe(true)
  })

  it('refuses to run next to a live model adapter, naming the entry', async () => {
    const booted = await bootComposition({
      configFile: join(packageRoot, 'cordis.yml'),
      patches: [
        ...modeOverlays('replay'),
        packageFile('overlays', 'snapshot-host.cordis.yml'),
        { source: 'test: the live adapter back on', patches: [{ id: 'llm-deepseek', disabled: false }] },
      ],
      env: {},
      log: () => {},
    })
    try {
      const corpus = await scratchScenarios()
      await expect(
        booted.ctx.get('snapshot')!.runBatch({ scenarios: corpus, corpus, repoRoot: project.root }),
      ).rejects.toThrow(
        new RegExp(
          'refuses to start: a model adapter that reaches the network is running: ' +
            String.raw`entry "llm-deepseek" \(DeepSeek: deepseek-chat\)`,
        ),
      )
    } finally {
      await booted.dispose()
    }
  })

  it('plays a prepared run on the composition its scenario needs (its own cordis.patch.yml)', async () => {
    const { scenarios } = await discoverScenarios(packageRoot)
    const scenario = scenarios.find((s) => s.name === 'patch-plugin-tool')!
    const host = await bootHostComposition({ repoRoot: packageRoot, mode: 'replay', log: () => {} })
    const prepared = await prepareRun(packageRoot, scenario, 'replay', scenarios)
    try {
      // On the service's own composition its tool is missing: the turn would drift from the recording.
      expect((await host.snapshot.play(prepared, 10_000)).failures).toEqual([])
    } finally {
      await prepared.cleanup()
      await host.dispose()
    }
  })
})
