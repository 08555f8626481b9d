// The secret scan under vitest -u: the pure split (what -u writes, what it leaves), and the real
// judgeScenario under -u refusing a golden that would hold an address, the committed golden left
// byte for byte (without the scan, its file snapshot would rewrite it).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { JudgePlan } from '../core/judge-plan.ts'
import { runScenarios } from '../run/run.ts'
import { discoverScenarios } from '../scenario/discover.ts'
import { scratchProject } from '../test-support/scratch-project.ts'
import { judgeScenario } from './judge-scenario.ts'
import { updateSecretProblems } from './update-secrets.ts'

type PlannedSurface = JudgePlan['surfaces'][number]

// Assembled at run time so this file holds no literal address.
const address = ['carol.white', 'example.net'].join('@')
const identity = { home: '/home/nobody-here', hostname: 'no-such-host-name' }
const gate = { scenario: 'mail', dir: '/p/scenarios/mail', allow: [], identity }

function surface(file: string, text: string | undefined, actual: string, owner: PlannedSurface['owner']) {
  const target = { file: `scenarios/mail/${file}`, absolute: `/p/scenarios/mail/${file}`, text }
  return { kind: 'transcript', target, actual, owner } as PlannedSurface
}
const plan = (...surfaces: PlannedSurface[]): JudgePlan => ({ surfaces, staleLogs: [] })

describe('updateSecretProblems', () => {
  it('refuses what -u would write, and names a committed secret -u leaves in place', () => {
    const [refusal] = updateSecretProblems(
      gate,
      plan(surface('stdout.golden.jsonl', 'old', `to ${address}`, 'snapshot')),
      'm',
    )
    expect(refusal).toMatch(
      /^secret scan: scenario mail: a possible secret; nothing was written\n {2}stdout\.golden\.jsonl:1:4 email/,
    )
    const [committed] = updateSecretProblems(gate, plan(surface('session.jsonl', address, address, 'recording')), 'm')
    expect(committed).toMatch(/in committed fixtures[\s\S]*session\.jsonl:1:1 email/)
  })

  it('lets -u cure a committed golden, and skips a file it would leave unchanged', () => {
    expect(updateSecretProblems(gate, plan(surface('stdout.golden.jsonl', address, 'clean', 'snapshot')), 'm')).toEqual(
      [],
    )
    const allowed = { ...gate, allow: [{ rule: 'email', file: 'stdout.golden.jsonl' }] }
    expect(
      updateSecretProblems(allowed, plan(surface('stdout.golden.jsonl', 'old', address, 'snapshot')), 'm'),
    ).toEqual([])
  })
})

describe('judgeScenario under -u', () => {
  const project = scratchProject('update-secrets')
  afterAll(() => project.remove())
  const dir = join(project.root, 'scenarios', 'mail')
  const manifest = (allow: string) =>
    `scenario: mail\ndescription: A reply with an address.\nrecording: stub\nheader:\n  class: default\n  pin: true\n` +
    `allow: [${allow}]\n`

  it('refuses the golden -u would write with a secret, leaving the committed one byte for byte', async () => {
    project.scenario('mail', {
      manifest: manifest('{ rule: email }'),
      input: {
        steps: [{ op: 'initialize' }, { op: 'newSession', as: 's1' }, { op: 'prompt', session: 's1', text: 'mail?' }],
      },
    })
    project.modelScript('mail', [{ reply: { text: `Write to ${address}.`, deltas: 1 } }])
    const recorded = await runScenarios({ root: project.root, mode: 'record', stub: true })
    expect(recorded.outcomes[0]?.failures).toEqual([])
    // Only the log may hold it now, and the committed golden is stale: -u would rewrite it.
    writeFileSync(join(dir, 'snapshot.yml'), manifest('{ rule: email, file: session.jsonl }'))
    const goldenFile = join(dir, 'stdout.golden.jsonl')
    writeFileSync(goldenFile, readFileSync(goldenFile, 'utf8').replaceAll(address, 'someone'))
    const before = readFileSync(goldenFile)
    const { scenarios } = await discoverScenarios(project.root)
    // vitest -u for this call only: the instance's own value shadows the state's getter.
    const state = expect.getState().snapshotState as object
    Object.defineProperty(state, 'snapshotUpdateState', { value: 'all', configurable: true })
    let error: Error | undefined
    try {
      await judgeScenario(scenarios[0]!, { root: project.root, corpus: scenarios }).catch((e: Error) => {
        error = e
      })
    } finally {
      delete (state as { snapshotUpdateState?: string }).snapshotUpdateState
    }
    expect(error?.message).toMatch(
      /scenario mail: secret scan: a possible secret; nothing was written\n[\s\S]*stdout\.golden\.jsonl:\d+:\d+ email/,
    )
    expect(readFileSync(goldenFile).equals(before)).toBe(true)
  }, 60_000)
})
