// Proof on an agent nobody here wrote (issue 42): @google/gemini-cli, pinned, installed from npm
// at test time. Three scenarios (a text turn, a shell read the user approves, a cancel) are
// recorded with --stub through the model server on the Gemini wire, replayed twice with the same
// result, replayed with --jobs 2, and a changed model.yml answer or prompt is caught as drift.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../app/test-support/run-cli.ts'
import { installAgent } from './test-support/install-agent.ts'

const GEMINI_CLI = { name: '@google/gemini-cli', version: '0.61.0', bin: 'gemini' }
const SCENARIOS = ['cancel-turn', 'read-with-approval', 'text-turn']
const root = mkdtempSync(join(tmpdir(), 'dsh-gemini-e2e-'))
let command = ''
afterAll(() => rmSync(root, { recursive: true, force: true }))
beforeAll(() => {
  command = `${installAgent(GEMINI_CLI.name, GEMINI_CLI.version, GEMINI_CLI.bin)} --acp`
  cpSync(join(import.meta.dirname, 'test-support', 'gemini-project'), root, { recursive: true })
}, 320_000)

const dshTest = async (...args: string[]) => {
  const run = await runCli(['test', '--root', root, '--agent-command', command, '--format', 'json', ...args])
  return { ...run, report: JSON.parse(run.stdout || '{}') as { ok: boolean; scenarios: Array<Record<string, any>> } }
}
const file = (...parts: string[]) => join(root, 'scenarios', ...parts)
const summary = (report: { scenarios: Array<Record<string, any>> }) =>
  report.scenarios.map(({ scenario, ok, surfaces, failures }) => ({ scenario, ok, surfaces, failures }))

describe('gemini-cli at the Gemini wire', { timeout: 600_000 }, () => {
  it('records three scenarios with --stub, each judged on its transcript (and final workspace)', async () => {
    const { code, report, stderr } = await dshTest('--mode', 'record', '--stub', '--jobs', '2')
    expect({ code, stderr, failures: report.scenarios?.flatMap((s) => s.failures) }).toMatchObject({ code: 0 })
    expect(report.scenarios.map((s) => s.scenario)).toEqual(SCENARIOS)
    const golden = readFileSync(file('read-with-approval', 'stdout.golden.jsonl'), 'utf8')
    expect(golden).toContain('"method":"session/request_permission"')
    expect(golden).toContain('"toolCallId":"{{tool:1}}"')
    expect(golden).not.toContain(root)
    expect(readFileSync(file('cancel-turn', 'stdout.golden.jsonl'), 'utf8')).toContain('"stopReason":"cancelled"')
    const recording = JSON.parse(readFileSync(file('text-turn', 'model.recording.json'), 'utf8'))
    expect(recording.exchanges).toHaveLength(1)
    expect(recording.exchanges[0]).toMatchObject({ wire: 'gemini', scriptItem: 0 })
    expect(JSON.stringify(recording)).not.toContain('dsh-dummy-key')
  })

  it('replays twice with identical results, then with --jobs 2', async () => {
    const first = await dshTest()
    const second = await dshTest('--jobs', '1')
    const parallel = await dshTest('--jobs', '2')
    expect(summary(first.report)).toEqual(
      SCENARIOS.map((scenario) => ({
        scenario,
        ok: true,
        surfaces: scenario === 'read-with-approval' ? ['transcript', 'workspace'] : ['transcript'],
        failures: [],
      })),
    )
    expect(summary(second.report)).toEqual(summary(first.report))
    expect(summary(parallel.report)).toEqual(summary(first.report))
    expect([first.code, second.code, parallel.code]).toEqual([0, 0, 0])
  })

  it('catches a changed model.yml answer and a changed prompt as drift', async () => {
    const model = file('text-turn', 'model.yml')
    writeFileSync(model, readFileSync(model, 'utf8').replace('nice to meet', 'glad to see you'))
    const input = file('read-with-approval', 'input.json')
    writeFileSync(input, readFileSync(input, 'utf8').replace('Show me notes.txt', 'Print notes.txt'))
    const { code, report } = await dshTest('text-turn', 'read-with-approval')
    expect(code).toBe(1)
    const replayProblems = (name: string) => {
      const failures = report.scenarios.find((s) => s.scenario === name)?.failures ?? []
      const replay = failures.find((f: { kind: string }) => f.kind === 'replay')
      expect(replay, JSON.stringify(failures, null, 2)).toBeDefined()
      return replay.problems as Array<{ code: string; message: string }>
    }
    const [changed] = replayProblems('text-turn')
    expect(changed?.code).toBe('REPLAY_SCRIPT_CHANGED')
    expect(changed?.message).toContain('+     "text": "Hello there, glad to see you."')
    const [drift] = replayProblems('read-with-approval')
    expect(drift?.code).toBe('REPLAY_DRIFT')
    expect(drift?.message).toMatch(/\n- .*Show me notes\.txt/)
    expect(drift?.message).toMatch(/\n\+ .*Print notes\.txt/)
  })
})
