// issue 28, item 9: kill -9 of the real dsh while a bash call runs: the call's watcher ends the
// process group and, first, a setsid daemon the command started (found by DSH_TOOL_CALL). This is
// the unconfined run (sandbox.mode: off); bash-sandbox.process.test.ts is the confined one.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, expect, it } from 'vitest'
import { withTimeout } from '../../lib/with-timeout.ts'
import {
  cleanupDshProcesses,
  ECHO_OVERLAY,
  openSession,
  sandboxOff,
  scratch,
  startDsh,
} from '../../host/app/test-support/dsh-process.ts'
import { isRunning } from './test-support/workspace.ts'

const daemons: number[] = []
afterEach(async () => {
  for (const pid of daemons.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL')
  await cleanupDshProcesses()
})

async function readPid(file: string): Promise<number> {
  const poll = async () => {
    while (!existsSync(file) || !readFileSync(file, 'utf8').endsWith('\n')) await new Promise((r) => setTimeout(r, 20))
    return Number(readFileSync(file, 'utf8'))
  }
  return withTimeout(poll(), 10_000, `${file} from the bash command`)
}

it('kill -9 mid-call: a setsid daemon the command started dies with the agent', async () => {
  const { base, cwd, sessions } = scratch()
  const dsh = startDsh(cwd, sessions, { patches: [ECHO_OVERLAY, sandboxOff(base)] })
  const sessionId = await openSession(dsh.rpc, cwd)
  const command = `setsid sh -c 'echo $$ > daemon.pid; exec sleep 60' >/dev/null 2>&1 </dev/null & sleep 100`
  void dsh.rpc
    .request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: `tool bash ${JSON.stringify({ command })}` }],
    })
    .catch(() => {})
  const daemon = await readPid(join(cwd, 'daemon.pid'))
  daemons.push(daemon)
  expect(isRunning(daemon)).toBe(true)
  dsh.agent.child.kill('SIGKILL')
  await dsh.agent.exited
  const deadline = Date.now() + 10_000
  while (isRunning(daemon) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
  expect(isRunning(daemon)).toBe(false)
}, 30_000)
