// issue 39: kill -9 of the real dsh while a confined bash call runs: the sandbox goes with it
// (bubblewrap's --die-with-parent, then its PID namespace), setsid daemons included. Where this
// machine has no sandbox, the same call runs unconfined and the lifeline and marker end it.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, expect, it } from 'vitest'
import { withTimeout } from '../../lib/with-timeout.ts'
import { cleanupDshProcesses, openSession, scratch, startDsh } from '../../host/app/test-support/dsh-process.ts'
import { machineTier, processesNamed, processesWithArg } from './test-support/sandbox.ts'

afterEach(async () => {
  await cleanupDshProcesses()
})

async function until(what: string, test: () => boolean): Promise<void> {
  const poll = async () => {
    while (!test()) await new Promise((resolve) => setTimeout(resolve, 20))
  }
  // Generous: the e2e step runs four third-party agents beside this test on 2 cores, and the kernel
  // reaps a SIGKILLed namespace late under that load (10 s timed out once in CI; alone it takes < 1 s).
  await withTimeout(poll(), 30_000, what)
}

it('kill -9 mid-call: the confined command and a setsid daemon it started die with the agent', async () => {
  const { cwd, sessions } = scratch()
  const dsh = startDsh(cwd, sessions)
  const sessionId = await openSession(dsh.rpc, cwd)
  const token = `dsh-sandbox-daemon-${process.pid}-${Date.now()}`
  const daemon = `setsid bash -c 'exec -a ${token} sleep 60' >/dev/null 2>&1 </dev/null`
  const command = `${daemon} & exec -a ${token}-call sleep 100`
  void dsh.rpc
    .request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: `tool bash ${JSON.stringify({ command })}` }],
    })
    .catch(() => {})
  // By argv[0]: bwrap's and the shell's command lines spell the token too, and a kill while bwrap still
  // sets up the sandbox tests another moment (a CI run killed there and the command lived on).
  const started = () => processesNamed(token).length === 1 && processesNamed(`${token}-call`).length === 1
  await until(`the daemon and the command of ${token}`, started)
  dsh.agent.child.kill('SIGKILL')
  await dsh.agent.exited
  await until(`every process of ${token} to end after the agent's SIGKILL`, () => processesWithArg(token).length === 0)
  expect(processesWithArg(token)).toEqual([])
}, 60_000)

// bwrap arms --die-with-parent only after it has forked; a dsh killed before that used to leave the
// command running. A bwrap that dawdles before the real one makes that moment last: the lifeline's
// watcher, outside the sandbox, must end it there.
it('kill -9 while bwrap sets up: the command never starts', async () => {
  const { base, cwd, sessions } = scratch()
  const fakeBin = join(base, 'bin')
  const waiting = join(fakeBin, 'waiting')
  mkdirSync(fakeBin)
  const real = machineTier.available ? machineTier.command : '/nonexistent/bwrap'
  writeFileSync(
    join(fakeBin, 'bwrap'),
    [
      '#!/bin/sh',
      // The probe (`… -- true`) runs at once; a command waits 2 s first.
      `case "$*" in *" -- true") exec ${real} "$@";; esac`,
      `: > ${waiting}`,
      'sleep 2',
      `exec ${real} "$@"`,
    ].join('\n'),
    { mode: 0o755 },
  )
  const dsh = startDsh(cwd, sessions, { env: { PATH: `${fakeBin}:${process.env.PATH}` } })
  const sessionId = await openSession(dsh.rpc, cwd)
  const token = `dsh-sandbox-setup-${process.pid}-${Date.now()}`
  void dsh.rpc
    .request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: `tool bash ${JSON.stringify({ command: `exec -a ${token} sleep 100` })}` }],
    })
    .catch(() => {})
  // Unconfined (no sandbox here), the command itself starts and the kill must end it.
  const confined = machineTier.available
  await until(`bwrap's setup (${waiting}) or the command ${token}`, () =>
    confined ? existsSync(waiting) : processesNamed(token).length > 0,
  )
  dsh.agent.child.kill('SIGKILL')
  await dsh.agent.exited
  await until(`the dawdling bwrap of ${token} to end`, () => processesWithArg(join(fakeBin, 'bwrap')).length === 0)
  // Had the launcher lived on, it would start the command 2 s after its wait began.
  await new Promise((resolve) => setTimeout(resolve, 2_500))
  expect(processesNamed(token)).toEqual([])
}, 60_000)
