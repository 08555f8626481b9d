// The snapshot service inside its composition: it announces every scenario to reporters, a
// scenario that throws inside the composition fails alone, and it refuses to run next to a live
// model adapter.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../../../lib/package-root.ts'
import { bootComposition } from '../../../plugins/config/boot.ts'
import { HOST_OVERLAY_FILE, bootHostComposition } from '../run/host-composition.ts'
import { modeOverlays } from './patches.ts'
import { discoverScenarios } from '../scenario/discover.ts'
import { scratchProject } from '../test-support/scratch-project.ts'
import type { ScenarioEnd, ScenarioStart } from './events.ts'

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
        expect(result.outcomes[1]!.failures.join('\n')).toContain('replay.override.json: not valid JSON')
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

  it('refuses to run next to a live model adapter, naming the entry', async () => {
    const booted = await bootComposition({
      configFile: join(packageRoot, 'cordis.yml'),
      patches: [
        ...modeOverlays('replay'),
        HOST_OVERLAY_FILE,
        { source: 'test: the live adapter back on', patches: [{ id: 'llm-deepseek', disabled: false }] as never },
      ],
      env: {},
      log: () => {},
    })
    try {
      const corpus = await scratchScenarios()
      await expect(
        booted.ctx.get('snapshot')!.runBatch({ scenarios: corpus, corpus, repoRoot: project.root }),
      ).rejects.toThrow(/refuses to start: a live model adapter is active: entry "llm-deepseek"/)
    } finally {
      await booted.dispose()
    }
  })
})
