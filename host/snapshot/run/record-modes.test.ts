// record-missing and record-drifted end to end in a scratch project, recording through the
// real DeepSeek adapter against the scripted stub endpoint (--stub) or a loopback endpoint
// given as the live API (DEEPSEEK_BASE_URL), and replaying the result.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startStubEndpoint, textReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'
import { today } from '../core/provenance.ts'
import { recordingStamp } from '../env/provenance.ts'
import { STUB_API_KEY } from '../env/record-stub.ts'
import { scratchProject, type ScratchProject } from '../test-support/scratch-project.ts'
import { runSuiteMode } from './record-modes.ts'

// One project per test: each pins its own header class (two pins with equal sidecars are refused).
let project: ScratchProject
beforeEach(() => {
  project = scratchProject('record-modes')
})
afterEach(() => project.remove())

const PIN = 'header:\n  class: default\n  pin: true\n'
const MEMBER = 'header:\n  class: default\n'

function addScenario(name: string, prompt: string, reply: string, header = MEMBER, manifestHead = '') {
  project.scenario(name, {
    manifest: `${manifestHead}scenario: ${name}\ndescription: ${name}.\nrecording: stub\n${header}`,
    input: {
      steps: [{ op: 'initialize' }, { op: 'newSession', as: 's1' }, { op: 'prompt', session: 's1', text: prompt }],
    },
  })
  project.modelScript(name, [textReply(reply)])
}

/** Every file of a scenario folder with its bytes, but the model script (the tests change it). */
function folderBytes(name: string): Record<string, string> {
  const dir = join(project.root, 'scenarios', name)
  const files = readdirSync(dir).filter((file) => file !== 'model.yml')
  return Object.fromEntries(files.map((file) => [file, readFileSync(join(dir, file), 'latin1')]))
}

const read = (name: string, file: string) => readFileSync(join(project.root, 'scenarios', name, file), 'utf8')

async function replayAll(names: string[]) {
  const replayed = await runSuiteMode({ repoRoot: project.root, names })
  return replayed.outcomes.map((o) => [o.scenario, o.failures])
}

describe('--mode record-missing', () => {
  it('records a scenario without fixtures and leaves a complete one byte-identical', async () => {
    addScenario('complete', 'say hello', 'Hello.', PIN)
    const first = await runSuiteMode({ repoRoot: project.root, mode: 'record', stub: true, names: ['complete'] })
    expect(first.outcomes.map((o) => o.failures)).toEqual([[]])
    const before = folderBytes('complete')
    // A re-recording would now change the fixtures (or fail): proof that it did not happen.
    project.modelScript('complete', [textReply('Something else entirely.')])
    addScenario('fresh', 'say hi', 'Hi there.')

    const plan: string[] = []
    const result = await runSuiteMode({
      repoRoot: project.root,
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
  const saved = { key: process.env.DEEPSEEK_API_KEY, base: process.env.DEEPSEEK_BASE_URL }
  afterEach(() => {
    for (const [name, value] of [
      ['DEEPSEEK_API_KEY', saved.key],
      ['DEEPSEEK_BASE_URL', saved.base],
    ] as const) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })

  it('record-missing without --stub records through the configured API, writes live; refresh keeps it', async () => {
    const head = '# provenance is written by record mode\n'
    addScenario('live-fresh', 'say hey', 'Hey.', PIN, head)
    const manifest = read('live-fresh', 'snapshot.yml')
    // The live path as a user runs it: the real adapter, the key and base URL from the environment.
    const api = await startStubEndpoint({ script: [textReply('Hey, live.')], expectApiKey: STUB_API_KEY })
    process.env.DEEPSEEK_API_KEY = STUB_API_KEY
    process.env.DEEPSEEK_BASE_URL = api.url
    try {
      const result = await runSuiteMode({ repoRoot: project.root, mode: 'record-missing', names: ['live-fresh'] })
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

    const refreshed = await runSuiteMode({ repoRoot: project.root, mode: 'refresh', names: ['live-fresh'] })
    expect(refreshed.outcomes.map((o) => o.failures)).toEqual([[]])
    expect(read('live-fresh', 'snapshot.yml')).toBe(recorded)

    const again = await runSuiteMode({ repoRoot: project.root, mode: 'record', stub: true, names: ['live-fresh'] })
    expect(again.outcomes.map((o) => o.failures)).toEqual([[]])
    expect(read('live-fresh', 'snapshot.yml')).toBe(manifest.replace('recording: stub\n', `recording: stub\n${stamp}`))
  })
})

describe('maxAge: replay warns, --mode record-stale re-records', () => {
  it('warns of a recording older than its maxAge in replay and re-records only it', async () => {
    addScenario('old', 'say hi', 'Hi.', PIN)
    addScenario('young', 'say yo', 'Yo.')
    const recorded = await runSuiteMode({ repoRoot: project.root, mode: 'record', stub: true })
    expect(recorded.outcomes.map((o) => o.failures)).toEqual([[], []])
    const manifestFile = join(project.root, 'scenarios', 'old', 'snapshot.yml')
    writeFileSync(manifestFile, `${read('old', 'snapshot.yml').replace(/^date: .*$/m, 'date: 2020-01-01')}maxAge: 30\n`)
    writeFileSync(
      join(project.root, 'scenarios', 'young', 'snapshot.yml'),
      `${read('young', 'snapshot.yml')}maxAge: 30\n`,
    )
    const youngBefore = folderBytes('young')

    const warned: string[] = []
    const replayed = await runSuiteMode({ repoRoot: project.root, onPlan: (lines) => warned.push(...lines) })
    expect(replayed.outcomes.map((o) => [o.scenario, o.failures])).toEqual([
      ['old', []],
      ['young', []],
    ])
    expect(warned).toEqual([
      expect.stringMatching(/^warning: scenario old: recorded 2020-01-01, \d+ days ago, older than maxAge \(30 days\)/),
    ])

    const plan: string[] = []
    const stale = await runSuiteMode({
      repoRoot: project.root,
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

describe('--mode record-drifted', () => {
  // In-process, replay's problems reach the outcome in verify()'s message; in a subprocess, as
  // `llm-replay: CODE:` lines on the child's stderr. Both must be read as drift.
  it.each([
    ['in-process', false],
    ['subprocess', true],
  ])(
    're-records a scenario whose script changed (replay drift), says so first, and leaves a green one alone (%s)',
    async (_, subprocess) => {
      addScenario('green', 'say hello', 'Hello.', PIN)
      addScenario('edited', 'say hi', 'Hi.', MEMBER)
      const first = await runSuiteMode({
        repoRoot: project.root,
        mode: 'record',
        stub: true,
        subprocess,
        names: ['green', 'edited'],
      })
      expect(first.outcomes.map((o) => o.failures)).toEqual([[], []])
      const greenBefore = folderBytes('green')
      const editedLog = read('edited', 'session.jsonl')
      project.modelScript('green', [textReply('A re-recording would say this.')])
      // The scenario's script changes: a new prompt, and the model's new answer to it.
      addScenario('edited', 'say bye', 'Bye.', MEMBER)

      const plan: string[] = []
      let logWhenPlanned = ''
      const result = await runSuiteMode({
        repoRoot: project.root,
        mode: 'record-drifted',
        stub: true,
        subprocess,
        names: ['green', 'edited'],
        onPlan: (lines) => {
          plan.push(...lines)
          logWhenPlanned = read('edited', 'session.jsonl')
        },
      })
      expect(plan[0]).toBe('record-drifted: 1 to re-record, 1 green, 0 failing otherwise (left untouched)')
      expect(plan[1]).toBe('  re-record edited:')
      expect(plan[2]).toMatch(
        /^ {4}\[REPLAY_DRIFT\] .*scenarios\/edited\/session\.jsonl.*turn 1.*drift at script entry 0/,
      )
      expect(plan).toHaveLength(3)
      expect(logWhenPlanned).toBe(editedLog)

      expect(result.outcomes.map((o) => [o.scenario, o.ok, o.written.sort()])).toEqual([
        ['green', true, []],
        [
          'edited',
          true,
          ['scenarios/edited/session.jsonl', 'scenarios/edited/snapshot.yml', 'scenarios/edited/stdout.golden.jsonl'],
        ],
      ])
      expect(folderBytes('green')).toEqual(greenBefore)
      expect(read('edited', 'session.jsonl')).toContain('Bye.')
      expect(await replayAll(['green', 'edited'])).toEqual([
        ['green', []],
        ['edited', []],
      ])
    },
  )
})
