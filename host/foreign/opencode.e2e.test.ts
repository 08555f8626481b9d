// Proof on a second agent nobody here wrote (issue 42): opencode (npm opencode-ai), pinned,
// installed from npm at test time (its postinstall links the platform binary). Three scenarios
// (a text turn, a file read the user approves, a cancel) are recorded with --stub through the model
// server on the OpenAI chat wire, replayed twice with --jobs 2 with the same result, and a changed
// model.yml answer and prompt are caught. Kept to a few agent runs: opencode boots slowly.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../app/test-support/run-cli.ts'
import { installAgent } from './test-support/install-agent.ts'

const OPENCODE = { name: 'opencode-ai', version: '1.18.33', bin: 'opencode' }
const SCENARIOS = ['cancel-turn', 'read-with-approval', 'text-turn']
const root = mkdtempSync(join(tmpdir(), 'dsh-opencode-e2e-'))
let command = ''
afterAll(() => rmSync(root, { recursive: true, force: true }))
beforeAll(() => {
  command = `${installAgent(OPENCODE.name, OPENCODE.version, OPENCODE.bin, true)} acp`
  cpSync(join(import.meta.dirname, 'test-support', 'opencode-project'), root, { recursive: true })
}, 320_000)

type Report = { ok: boolean; scenarios: Array<Record<string, any>> }
const dshTest = async (...args: string[]) => {
  const run = await runCli(['test', '--root', root, '--agent-command', command, '--format', 'json', ...args])
  return { ...run, report: JSON.parse(run.stdout || '{}') as Report }
}
const file = (...parts: string[]) => join(root, 'scenarios', ...parts)
const summary = (report: Report) =>
  report.scenarios.map(({ scenario, ok, surfaces, failures }) => ({ scenario, ok, surfaces, failures }))

describe('opencode at the OpenAI chat wire', { timeout: 600_000 }, () => {
  it('records three scenarios with --stub, each judged on its transcript (and final workspace)', async () => {
    const { code, report, stderr } = await dshTest('--mode', 'record', '--stub', '--jobs', '2')
    expect({ code, stderr, failures: report.scenarios?.flatMap((s) => s.failures) }).toMatchObject({ code: 0 })
    expect(report.scenarios.map((s) => s.scenario)).toEqual(SCENARIOS)
    const golden = readFileSync(file('read-with-approval', 'stdout.golden.jsonl'), 'utf8')
    expect(golden).toContain('"method":"session/request_permission"')
    expect(golden).toContain('"title":"{{cwd-from-root}}/notes.txt"')
    expect(golden).toContain('buy milk\\ncall mum')
    expect(golden).not.toContain(root)
    expect(readFileSync(file('cancel-turn', 'stdout.golden.jsonl'), 'utf8')).toContain('"stopReason":"cancelled"')
    const recording = JSON.parse(readFileSync(file('text-turn', 'model.recording.json'), 'utf8'))
    // One request: the title agent's side call is off in the preset.
    expect(recording.exchanges).toHaveLength(1)
    expect(recording.exchanges[0]).toMatchObject({ wire: 'openai-chat', scriptItem: 0 })
    expect(JSON.stringify(recording)).not.toContain('dsh-dummy-key')
  })

  it('replays twice with --jobs 2 with identical results', async () => {
    const first = await dshTest('--jobs', '2')
    const second = await dshTest('--jobs', '2')
    expect(summary(first.report)).toEqual(
      SCENARIOS.map((scenario) => ({
        scenario,
        ok: true,
        surfaces: scenario === 'read-with-approval' ? ['transcript', 'workspace'] : ['transcript'],
        failures: [],
      })),
    )
    expect(summary(second.report)).toEqual(summary(first.report))
    expect([first.code, second.code]).toEqual([0, 0])
  })

  it('catches a changed model.yml answer and a changed prompt as drift', async () => {
    const model = file('text-turn', 'model.yml')
    writeFileSync(model, readFileSync(model, 'utf8').replace('nice to meet', 'glad to see you'))
    const input = file('text-turn', 'input.json')
    writeFileSync(input, readFileSync(input, 'utf8').replace('Say hello in five words.', 'Say hi in five words.'))
    const { code, report } = await dshTest('text-turn')
    expect(code).toBe(1)
    const failures = report.scenarios[0]?.failures ?? []
    const replay = failures.find((f: { kind: string }) => f.kind === 'replay')
    expect(replay, JSON.stringify(failures, null, 2)).toBeDefined()
    const problems = replay.problems as Array<{ code: string; message: string }>
    expect(problems.map((p) => p.code)).toEqual(['REPLAY_SCRIPT_CHANGED', 'REPLAY_DRIFT'])
    expect(problems[0]?.message).toContain('+     "text": "Hello there, glad to see you."')
    expect(problems[1]?.message).toMatch(/\n- .*Say hello in five words\./)
    expect(problems[1]?.message).toMatch(/\n\+ .*Say hi in five words\./)
  })
})
