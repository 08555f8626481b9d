// `dsh new NAME --from-session FORK` (issue 37 item 4): a fork made with session/fork in a real dsh
// process imports with its parent, cut at the fork point, and replays green; a fork whose parent log
// is gone is a named refusal that writes nothing.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterAll, describe, expect, it } from 'vitest'
import { cleanupDshProcesses, openSession, scratch, startDsh } from '../../app/test-support/dsh-process.ts'
import { runCli } from '../../app/test-support/run-cli.ts'
import { scratchProject } from '../test-support/scratch-project.ts'

const project = scratchProject('import-fork')
afterAll(async () => {
  await cleanupDshProcesses()
  project.remove()
})

/** A parent with two turns, forked after turn 1, and one turn in the fork: returns both ids. */
async function recordFork() {
  const { cwd, sessions } = scratch()
  const dsh = startDsh(cwd, sessions)
  const parent = await openSession(dsh.rpc, cwd)
  const prompt = (sessionId: string, text: string) =>
    dsh.rpc.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] })
  await prompt(parent, 'first')
  await prompt(parent, 'second')
  const params = { sessionId: parent, cwd, mcpServers: [], _meta: { 'dsh/forkTurn': 1 } }
  const { sessionId: fork } = (await dsh.rpc.request('session/fork', params)) as { sessionId: string }
  await prompt(fork, 'in the fork')
  await dsh.agent.shutdown()
  return { sessions, parent, fork }
}

const dsh = (sessions: string, ...argv: string[]) =>
  runCli([...argv, '--root', project.root], { env: { DSH_SESSIONS_ROOT: sessions } })

describe('dsh new --from-session of a fork', () => {
  it('writes the parent up to the fork point and the fork, a forkSession step between, and replays green', async () => {
    const { sessions, parent, fork } = await recordFork()
    const result = await dsh(sessions, 'new', 'forked', '--from-session', fork)
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0)
    expect(result.stdout).toContain('replay: pass')
    const dir = join(project.root, 'scenarios', 'forked')
    const input = JSON.parse(readFileSync(join(dir, 'input.json'), 'utf8'))
    expect(input.steps.map((step: { op: string; session?: string }) => `${step.op} ${step.session ?? ''}`)).toEqual([
      'initialize ',
      'newSession ',
      'prompt s1',
      'forkSession s1',
      'prompt s2',
    ])
    expect(input.steps[3]).toEqual({ op: 'forkSession', session: 's1', as: 's2', turn: 1 })
    // The parent's turn 2 came after the fork point: not in the scenario.
    const parentLog = readFileSync(join(dir, 'session.jsonl'), 'utf8')
    expect(parentLog).toContain('"text":"first"')
    expect(parentLog).not.toContain('"text":"second"')
    const forkLog = readFileSync(join(dir, 'session.1.jsonl'), 'utf8')
    expect(forkLog.split('\n')[0]).toContain('"forkedFrom":{"sessionId":"{{session:1}}","turn":1,')
    expect(readFileSync(join(dir, 'snapshot.yml'), 'utf8')).toContain(`session: "${fork}"`)
    expect(parent).not.toBe(fork)
    expect((await dsh(sessions, 'test', 'forked')).code).toBe(0)
  }, 90_000)

  it('refuses a fork whose parent log is gone, by name, and writes nothing', async () => {
    const { sessions, parent, fork } = await recordFork()
    rmSync(join(sessions, `${parent}.jsonl`))
    const result = await dsh(sessions, 'new', 'orphan', '--from-session', fork)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`IMPORT_FORK_PARENT: `)
    expect(result.stderr).toContain(`is a fork of session ${parent} (after its turn 1), whose log is not beside it`)
    expect(existsSync(join(project.root, 'scenarios', 'orphan'))).toBe(false)
  }, 60_000)
})
