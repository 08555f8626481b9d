// The proof every third-party agent e2e makes (issue 42 item 5), for an agent installed from npm at
// test time and a project folder of three scenarios (cancel-turn, read-with-approval, text-turn):
// recorded with --stub through the model server, replayed twice with --jobs 2 with the same result,
// and a changed model.yml answer and prompt caught as drift. Each agent's file adds its own checks.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runCli } from '../../app/test-support/run-cli.ts'
import { installAgent } from './install-agent.ts'

export const SCENARIOS = ['cancel-turn', 'read-with-approval', 'text-turn']

interface AgentUnderTest {
  name: string
  version: string
  bin: string
  /** Words after the bin, e.g. `acp`. */
  args?: string
  runOwnScripts?: boolean
  /** The folder under test-support/ with dsh.config.yml and scenarios/. */
  project: string
  wire: string
}

type Report = { ok: boolean; scenarios: Array<Record<string, any>> }

/** Registers the three tests in the calling describe block; returns what the agent's own checks need. */
export function agentSuite(agent: AgentUnderTest) {
  const root = mkdtempSync(join(tmpdir(), `dsh-${agent.project}-e2e-`))
  let command = ''
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  beforeAll(() => {
    const bin = installAgent(agent.name, agent.version, agent.bin, agent.runOwnScripts)
    command = agent.args ? `${bin} ${agent.args}` : bin
    cpSync(join(import.meta.dirname, agent.project), root, { recursive: true })
  }, 320_000)
  const dshTest = async (...args: string[]) => {
    const run = await runCli(['test', '--root', root, '--agent-command', command, '--format', 'json', ...args])
    return { ...run, report: JSON.parse(run.stdout || '{}') as Report }
  }
  const file = (...parts: string[]) => join(root, 'scenarios', ...parts)
  const read = (...parts: string[]) => readFileSync(file(...parts), 'utf8')
  const summary = (report: Report) =>
    report.scenarios.map(({ scenario, ok, surfaces, failures }) => ({ scenario, ok, surfaces, failures }))

  it('records three scenarios with --stub, each judged on its transcript (and final workspace)', async () => {
    const { code, report, stderr } = await dshTest('--mode', 'record', '--stub', '--jobs', '2')
    expect({ code, stderr, failures: report.scenarios?.flatMap((s) => s.failures) }).toMatchObject({ code: 0 })
    expect(report.scenarios.map((s) => s.scenario)).toEqual(SCENARIOS)
    const golden = read('read-with-approval', 'stdout.golden.jsonl')
    expect(golden).toContain('"method":"session/request_permission"')
    expect(golden).toContain('"toolCallId":"{{tool:1}}"')
    expect(golden).not.toContain(root)
    expect(read('cancel-turn', 'stdout.golden.jsonl')).toContain('"stopReason":"cancelled"')
    const recording = JSON.parse(read('text-turn', 'model.recording.json'))
    expect(recording.exchanges).toHaveLength(1)
    expect(recording.exchanges[0]).toMatchObject({ wire: agent.wire, scriptItem: 0 })
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

  it('catches a changed model.yml answer and a changed prompt as drift', () => expectDriftCaught(dshTest, file))

  return { read }
}

/** text-turn with its model.yml answer and its prompt changed: both named, with their diffs. */
async function expectDriftCaught(
  dshTest: (...args: string[]) => Promise<{ code: number; report: Report }>,
  file: (...parts: string[]) => string,
) {
  const edit = (path: string, from: string, to: string) =>
    writeFileSync(path, readFileSync(path, 'utf8').replace(from, to))
  edit(file('text-turn', 'model.yml'), 'nice to meet', 'glad to see you')
  edit(file('text-turn', 'input.json'), 'Say hello in five words.', 'Say hi in five words.')
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
}
