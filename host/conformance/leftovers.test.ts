// Processes an agent leaves behind: a double-forked daemon (out of the agent's process tree and
// group) is found by the case marker in its environment, killed, and fails the case by name;
// with the fake agent; dsh's bash tool ends such a daemon itself, by its per-call marker.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CASE_MARKER_VAR, markedProcesses, newCaseMarker } from './case-marker.ts'
import { liveRefs, stillLive } from './descendants.ts'
import { FAKE_AGENT, promptCase, runTestSuite } from './test-support/run-test-suite.ts'
import { removeScratch, scratchDir } from './test-support/scratch.ts'
import { writeSuite } from './test-support/suite-dir.ts'

const started: number[] = []
const killAll = () => {
  for (const pid of started.splice(0))
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      /* gone, as it should be */
    }
}

describe('leftover processes of a case', () => {
  afterAll(async () => {
    killAll()
    await removeScratch()
  })

  it('finds a double-forked daemon the agent started, kills it and fails the case naming it', async () => {
    const pidFile = join(await scratchDir('daemon'), 'daemon.pid')
    const suiteDir = await writeSuite({
      cases: {
        '001-daemon.json': promptCase('starts a daemon', `daemon ${pidFile}`, [
          { check: 'updateText', includes: 'daemon started' },
        ]),
      },
    })
    const { code, result } = await runTestSuite({ suiteDir, agentCommand: FAKE_AGENT })
    const daemon = Number(await readFile(pidFile, 'utf8'))
    started.push(daemon)

    expect(daemon).toBeGreaterThan(0)
    expect(result('daemon')).toMatchObject({ status: 'fail', cleanup: { processesGone: true } })
    expect(result('daemon').failures).toEqual([
      `cleanup: the agent left 1 process running after it ended, outside its process group: pid ${daemon} ` +
        '(sleep 30); the runner killed it. An agent must end the processes it starts when its stdin closes ' +
        '(docs/conformance.md, "Leftover processes")',
    ])
    expect(liveRefs([daemon])).toEqual([])
    expect(code).toBe(1)
  })

  it("finds no leftover after dsh's bash tool started a daemon: the tool ends it by its call marker", async () => {
    const scratch = await scratchDir('dsh-daemon')
    const pidFile = join(scratch, 'daemon.pid')
    // The shell waits until the daemon has its own session (it writes its pid after setsid), so
    // the bash tool's sweep of the command's process group cannot reach it first.
    const daemonize = `echo $$ > ${pidFile}; exec sleep 31`
    const command =
      `setsid sh -c '${daemonize}' >/dev/null 2>&1 </dev/null & ` + `while [ ! -s ${pidFile} ]; do sleep 0.01; done`
    const suiteDir = await writeSuite({
      cases: {
        '001-bash-daemon.json': promptCase('a bash call starts a daemon', `tool bash ${JSON.stringify({ command })}`, [
          { check: 'stopReason', prompt: 'p1', in: ['end_turn'] },
        ]),
      },
    })
    // Unsandboxed (the marker's path; in the sandbox its PID namespace ends the daemon: docs/sandbox.md).
    const off = join(scratch, 'sandbox-off.cordis.yml')
    await writeFile(off, '- id: tools\n  config:\n    sandbox: { mode: off }\n')
    const dsh = `node bin/dsh.js --patch overlays/echo.cordis.yml --patch ${off}`
    const { result } = await runTestSuite({ suiteDir, agentCommand: `DSH_SESSIONS_ROOT=${scratch}/sessions ${dsh}` })
    const daemon = Number(await readFile(pidFile, 'utf8'))
    started.push(daemon)
    // The bash call's own sweep (DSH_TOOL_CALL, docs/tools.md) ended it before the call returned.
    expect(result('bash-daemon')).toMatchObject({ status: 'pass', failures: [] })
    expect(liveRefs([daemon])).toEqual([])
  })

  it('knows a process by pid and start time, so a reused pid is not taken for a leftover', async () => {
    const [me] = liveRefs([process.pid])
    expect(me).toEqual({ pid: process.pid, start: expect.any(Number) })
    expect(stillLive([me!])).toEqual([me])
    expect(stillLive([{ pid: process.pid, start: me!.start + 1 }])).toEqual([])
  })

  it('markedProcesses matches the whole marker entry, not a prefix of another', async () => {
    const marker = newCaseMarker('marker-test')
    const sleep = (value: string) =>
      spawn('sleep', ['30'], { env: { ...process.env, [CASE_MARKER_VAR]: value }, stdio: 'ignore' })
    const mine = sleep(marker)
    const other = sleep(`${marker}0`)
    await Promise.all([once(mine, 'spawn'), once(other, 'spawn')])
    started.push(mine.pid!, other.pid!)
    expect(markedProcesses(marker)).toEqual([mine.pid])
    killAll()
  })
})
