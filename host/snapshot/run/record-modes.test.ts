// record-missing, record-stale and provenance end to end in a scratch project, recording through the
// real DeepSeek adapter against the scripted stub endpoint (--stub) or a loopback endpoint
// given as the live API (DEEPSEEK_BASE_URL), and replaying the result.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { startStubEndpoint, textReply } from '../../../lib/model-wire/index.ts'
import { today } from '../core/provenance.ts'
import { recordingStamp } from '../fixtures/provenance.ts'
/** A key for a fake "live" endpoint in this test; never a real one. */
const STUB_API_KEY = 'test-live-key-not-a-secret'
import { PIN, recordModesProjectPerTest } from '../test-support/record-modes-project.ts'
import { runScenarios } from './run.ts'

const scratch = recordModesProjectPerTest()
const { addScenario, folderBytes, read, replayAll } = scratch

describe('--mode record-missing', () => {
  it('records a scenario without fixtures and leaves a complete one byte-identical', async () => {
    addScenario('complete', 'say hello', 'Hello.', PIN)
    const first = await runScenarios({
      root: scratch.project.root,
      mode: 'record',
      stub: true,
      names: ['complete'],
    })
    expect(first.outcomes.map((o) => o.failures)).toEqual([[]])
    const before = folderBytes('complete')
    // A re-recording would now change the fixtures (or fail): proof that it did not happen.
    scratch.project.modelScript('complete', [textReply('Something else entirely.')])
    addScenario('fresh', 'say hi', 'Hi there.')

    const plan: string[] = []
    const result = await runScenarios({
      root: scratch.project.root,
      mode: 'record-missing',
      stub: true,
      names: ['complete', 'fresh'],
      onPlan: (lines) => plan.push(...lines),
    })
    expect(plan).toEqual([
      'record-missing: 1 to record, 1 complete (left untouched)',
      '  record fresh: no stdout.golden.jsonl, session.jsonl',
    ])
    expect(result.outcomes.map((o) => [o.scenario, o.failures, o.written.sort()])).toEqual([
      [
        'fresh',
        [],
        ['scenarios/fresh/session.jsonl', 'scenarios/fresh/snapshot.yml', 'scenarios/fresh/stdout.golden.jsonl'],
      ],
    ])
    expect(folderBytes('complete')).toEqual(before)
    expect(read('fresh', 'session.jsonl')).toContain('Hi there.')
    expect(await replayAll(['complete', 'fresh'])).toEqual([
      ['complete', []],
      ['fresh', []],
    ])
  })
})

describe('provenance through the live adapter', () => {
  it('record-missing without --stub records through the configured API, writes live; refresh keeps it', async () => {
    const head = '# provenance is written by record mode\n'
    addScenario('live-fresh', 'say hey', 'Hey.', PIN, head)
    const manifest = read('live-fresh', 'snapshot.yml')
    // The live path as a user runs it: the real adapter, the key and base URL from the environment.
    const api = await startStubEndpoint({ script: [textReply('Hey, live.')], expectApiKey: STUB_API_KEY })
    vi.stubEnv('DEEPSEEK_API_KEY', STUB_API_KEY)
    vi.stubEnv('DEEPSEEK_BASE_URL', api.url)
    try {
      const result = await runScenarios({
        root: scratch.project.root,
        mode: 'record-missing',
        names: ['live-fresh'],
      })
      expect(result.outcomes.map((o) => [o.failures, o.written.includes('scenarios/live-fresh/snapshot.yml')])).toEqual(
        [[[], true]],
      )
    } finally {
      await api.close()
    }
    expect(api.requests).toHaveLength(1)
    expect(read('live-fresh', 'session.jsonl')).toContain('Hey, live.')
    const recorded = read('live-fresh', 'snapshot.yml')
    // Record rewrites the provenance: live, the model the log names, today and this dsh's version.
    const stamp = `models: [deepseek-chat]\ndate: ${today()}\ndshVersion: "${recordingStamp().dshVersion}"\n`
    expect(recorded).toBe(manifest.replace('recording: stub\n', `recording: live\n${stamp}`))

    const refreshed = await runScenarios({ root: scratch.project.root, mode: 'refresh', names: ['live-fresh'] })
    expect(refreshed.outcomes.map((o) => o.failures)).toEqual([[]])
    expect(read('live-fresh', 'snapshot.yml')).toBe(recorded)

    const again = await runScenarios({
      root: scratch.project.root,
      mode: 'record',
      stub: true,
      names: ['live-fresh'],
    })
    expect(again.outcomes.map((o) => o.failures)).toEqual([[]])
    const stubbed = manifest.replace('recording: stub\n', `recording: stub\nstubVia: openai-chat\n${stamp}`)
    expect(read('live-fresh', 'snapshot.yml')).toBe(stubbed)
  })
})

describe('maxAge: replay warns, --mode record-stale re-records', () => {
  it('warns of a recording older than its maxAge in replay and re-records only it', async () => {
    addScenario('old', 'say hi', 'Hi.', PIN)
    addScenario('young', 'say yo', 'Yo.')
    const recorded = await runScenarios({ root: scratch.project.root, mode: 'record', stub: true })
    expect(recorded.outcomes.map((o) => o.failures)).toEqual([[], []])
    const manifestFile = join(scratch.project.root, 'scenarios', 'old', 'snapshot.yml')
    writeFileSync(manifestFile, `${read('old', 'snapshot.yml').replace(/^date: .*$/m, 'date: 2020-01-01')}maxAge: 30\n`)
    writeFileSync(
      join(scratch.project.root, 'scenarios', 'young', 'snapshot.yml'),
      `${read('young', 'snapshot.yml')}maxAge: 30\n`,
    )
    const youngBefore = folderBytes('young')

    const warned: string[] = []
    const replayed = await runScenarios({ root: scratch.project.root, onPlan: (lines) => warned.push(...lines) })
    expect(replayed.outcomes.map((o) => [o.scenario, o.failures])).toEqual([
      ['old', []],
      ['young', []],
    ])
    expect(warned).toEqual([
      expect.stringMatching(/^warning: scenario old: recorded 2020-01-01, \d+ days ago, older than maxAge \(30 days\)/),
    ])

    const plan: string[] = []
    const stale = await runScenarios({
      root: scratch.project.root,
      mode: 'record-stale',
      stub: true,
      onPlan: (lines) => plan.push(...lines),
    })
    expect(plan[0]).toBe('record-stale: 1 to re-record, 1 fresh or without maxAge (left untouched)')
    expect(stale.outcomes.map((o) => [o.scenario, o.failures])).toEqual([['old', []]])
    expect(read('old', 'snapshot.yml')).toContain(`date: ${today()}\n`)
    expect(folderBytes('young')).toEqual(youngBefore)
  })
})
