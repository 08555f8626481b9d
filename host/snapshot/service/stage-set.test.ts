// Sibling compositions live as long as the snapshot service: a batch of one scenario reuses the
// sibling an earlier batch booted, an edited overlay boots a new one, at most eight stay up (the
// least recently used goes first, even one a failed scenario left in doubt earlier in the batch),
// and disposing the service disposes the rest.
import { appendFileSync, cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../../../lib/package-root.ts'
import { bootHostComposition } from '../run/host-composition.ts'
import { discoverScenarios, type LoadedScenario } from '../scenario/discover.ts'
import { scratchProject } from '../test-support/scratch-project.ts'
import { failureMessages } from '../model/failure.ts'

const project = scratchProject('stage-set')
afterAll(() => project.remove())
const lifeLog = join(project.root, 'sibling-life.log')
const dir = join(project.root, 'scenarios', 'patched')
const patchFile = join(dir, 'cordis.patch.yml')

/** text-turn with a cordis.patch.yml whose one extra entry logs when its composition starts and stops. */
async function patchedScenario(): Promise<LoadedScenario> {
  if (!existsSync(dir)) {
    cpSync(join(packageRoot, 'scenarios', 'text-turn'), dir, { recursive: true })
    const manifest = readFileSync(join(dir, 'snapshot.yml'), 'utf8').replace('scenario: text-turn', 'scenario: patched')
    writeFileSync(join(dir, 'snapshot.yml'), manifest)
    writeFileSync(
      join(dir, 'marker.js'),
      "import { appendFileSync } from 'node:fs'\nexport const name = 'marker'\n" +
        "export const apply = (ctx, config) => {\n  appendFileSync(config.log, 'up\\n')\n" +
        "  ctx.effect(() => () => appendFileSync(config.log, 'down\\n'))\n}\n",
    )
    writeFileSync(patchFile, `- insert:\n    - { id: marker, name: ./marker.js, config: { log: ${lifeLog} } }\n`)
  }
  const { scenarios } = await discoverScenarios(project.root)
  return scenarios.find((s) => s.name === 'patched')!
}

/** text-turn whose composition warns at its first session event: the scenario fails, its sibling is left in doubt. */
async function warnedScenario(): Promise<LoadedScenario> {
  const warned = join(project.root, 'scenarios', 'warned')
  if (!existsSync(warned)) {
    cpSync(join(packageRoot, 'scenarios', 'text-turn'), warned, { recursive: true })
    // A member of the pin's class (patched is the pin), with no sidecars of its own.
    const manifest = readFileSync(join(warned, 'snapshot.yml'), 'utf8')
    const member = manifest.replace('scenario: text-turn', 'scenario: warned').replace('pin: true', 'pin: false')
    writeFileSync(join(warned, 'snapshot.yml'), member)
    for (const sidecar of ['system-prompt.expected.md', 'tool-schemas.expected.json']) rmSync(join(warned, sidecar))
    writeFileSync(
      join(warned, 'warner.js'),
      "export const name = 'warner'\nexport const apply = (ctx) => {\n" +
        "  ctx.on('session/event', () => { ctx.emit('internal/warn', 'the warner warns') })\n}\n",
    )
    writeFileSync(join(warned, 'cordis.patch.yml'), '- insert:\n    - { id: warner, name: ./warner.js }\n')
  }
  const { scenarios } = await discoverScenarios(project.root)
  return scenarios.find((s) => s.name === 'warned')!
}

const life = () => (existsSync(lifeLog) ? readFileSync(lifeLog, 'utf8').trim().split('\n') : [])
const count = (word: string) => life().filter((line) => line === word).length

describe('the sibling compositions of the snapshot service', () => {
  it('outlive a batch, boot again for an edited overlay, keep eight up, and go with the service', async () => {
    let patched = await patchedScenario()
    const host = await bootHostComposition({ repoRoot: project.root, mode: 'replay', log: () => {} })
    const runOne = async (scenario: LoadedScenario) => {
      const options = { repoRoot: project.root, corpus: [scenario], mode: 'replay' as const }
      const outcome = await host.snapshot.runOne(scenario, options)
      expect(outcome.failures).toEqual([])
    }
    try {
      await runOne(patched)
      await runOne(patched)
      expect(life()).toEqual(['up'])

      appendFileSync(patchFile, '# edited\n')
      patched = await patchedScenario()
      await runOne(patched)
      expect(life()).toEqual(['up', 'up'])

      // Eight more environments make ten distinct siblings: the two least recently used go.
      for (let i = 0; i < 8; i++)
        await runOne({ ...patched, manifest: { ...patched.manifest, environment: { DSH_STAGE_SET_TEST: `${i}` } } })
      expect([count('up'), count('down')]).toEqual([10, 2])
    } finally {
      await host.dispose()
    }
    expect([count('up'), count('down')]).toEqual([10, 10])
  })

  it('dispose a sibling a failed scenario left in doubt when eight others follow in the batch', async () => {
    const [warned, patched] = [await warnedScenario(), await patchedScenario()]
    const variants = Array.from({ length: 8 }, (_, i) => ({
      ...patched,
      manifest: { ...patched.manifest, environment: { DSH_STAGE_SET_BATCH: `${i}` } },
    }))
    const host = await bootHostComposition({ repoRoot: project.root, mode: 'replay', log: () => {} })
    try {
      const scenarios = [warned, ...variants]
      const result = await host.snapshot.runBatch({ scenarios, corpus: scenarios, repoRoot: project.root })
      expect(failureMessages(result.outcomes[0]!.failures).join('\n')).toContain('dsh: warning: the warner warns')
      expect(result.outcomes.slice(1).map((o) => o.failures)).toEqual(variants.map(() => []))
    } finally {
      await host.dispose()
    }
  })
})
