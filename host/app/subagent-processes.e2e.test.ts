// issue 23, with real processes: no child process outlives a cancelled or killed parent. A parent
// prompt starts two subagents at once, each running a long `bash`; its process groups must be gone
// soon after the parent's prompt is cancelled, and after dsh itself is SIGKILLed. Unconfined (the
// pids and groups are this machine's; in the sandbox its PID namespace ends them: docs/sandbox.md).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { signalGroup } from '../../lib/process/group.ts'
import { readProcStat, waitGroupGone } from '../../lib/process/liveness.ts'
import { withTimeout } from '../../lib/with-timeout.ts'
import {
  cleanupDshProcesses,
  ECHO_OVERLAY,
  openSession,
  sandboxOff,
  scratch,
  startDsh,
} from './test-support/dsh-process.ts'

const CHILDREN = ['one', 'two']
const groups: number[] = []
afterEach(async () => {
  for (const pgid of groups.splice(0)) signalGroup(pgid, 'SIGKILL')
  await cleanupDshProcesses()
})

type Dsh = ReturnType<typeof startDsh>

/** The parent's echo script: one step with a `task` per child, whose `bash` writes its pid then sleeps. */
function parentScript(base: string): string {
  const task = (name: string) => {
    const command = `echo $$ > ${join(base, `${name}.pid`)}; sleep 30`
    const prompt = `tool bash ${JSON.stringify({ command })}`
    return `tool task ${JSON.stringify({ description: `child ${name}`, prompt })}`
  }
  return CHILDREN.map(task).join('\n')
}

/** Starts the parent's prompt and waits for each child's bash to run; returns the prompt and their groups. */
async function startChildren(dsh: Dsh, cwd: string, base: string) {
  const sessionId = await openSession(dsh.rpc, cwd)
  const prompt = dsh.rpc.request(acp.methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: 'text', text: parentScript(base) }],
  })
  prompt.catch(() => {}) // the SIGKILL case never gets an answer
  const files = CHILDREN.map((name) => join(base, `${name}.pid`))
  const deadline = Date.now() + 20_000
  while (!files.every((file) => existsSync(file) && readFileSync(file, 'utf8').endsWith('\n'))) {
    if (Date.now() > deadline) throw new Error(`the children's bash did not write ${files.join(', ')} in 20 s`)
    await delay(20)
  }
  const pgids = files.map((file) => readProcStat(Number(readFileSync(file, 'utf8')))!.pgrp)
  groups.push(...pgids)
  // Still running: a wait that ends at once does not see them gone.
  for (const pgid of pgids) expect(await waitGroupGone(pgid, { timeoutMs: 0 })).toBe(false)
  return { sessionId, prompt, pgids }
}

async function expectAllGone(pgids: number[]): Promise<void> {
  const gone = await Promise.all(pgids.map((pgid) => waitGroupGone(pgid, { timeoutMs: 5_000 })))
  expect(gone, `process groups ${pgids.join(', ')} gone`).toEqual(pgids.map(() => true))
}

describe("subagents' bash processes of a real dsh", () => {
  it("end with the parent's cancelled prompt", async () => {
    const { base, cwd, sessions } = scratch()
    const dsh = startDsh(cwd, sessions, { patches: [ECHO_OVERLAY, sandboxOff(base)] })
    const { sessionId, prompt, pgids } = await startChildren(dsh, cwd, base)
    await dsh.rpc.notify(acp.methods.agent.session.cancel, { sessionId })
    const answer = await withTimeout(prompt, 10_000, "the parent's cancelled prompt to be answered")
    expect(answer).toEqual({ stopReason: 'cancelled' })
    await expectAllGone(pgids)
  })

  it('end when dsh is killed with SIGKILL', async () => {
    const { base, cwd, sessions } = scratch()
    const dsh = startDsh(cwd, sessions, { patches: [ECHO_OVERLAY, sandboxOff(base)] })
    const { pgids } = await startChildren(dsh, cwd, base)
    dsh.agent.child.kill('SIGKILL')
    await dsh.agent.exited
    await expectAllGone(pgids)
  })
})
