// issue 14 items 2 and 3: kill -9 of the real dsh while bash runs a process tree, then a
// restarted dsh loads the session and sends valid history to the (stub) DeepSeek endpoint. The bash
// call runs unconfined (its watcher's path; in the sandbox see plugins/tools/bash-sandbox.process.test.ts).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, expect, it } from 'vitest'
import { signalGroup } from '../../lib/process/group.ts'
import { waitGroupGone } from '../../lib/process/liveness.ts'
import { withTimeout } from '../../lib/with-timeout.ts'
import { INTERRUPTED_CALL_OUTPUT } from '../agent/interrupted.ts'
import { startStubEndpoint, textReply } from '../../lib/model-wire/index.ts'
import {
  cleanupDshProcesses,
  ECHO_OVERLAY,
  openSession,
  sandboxOff,
  scratch,
  startDsh,
} from '../../host/app/test-support/dsh-process.ts'

const groups: number[] = []
afterEach(async () => {
  // A failing run must not leave `sleep 100` behind.
  for (const pgid of groups.splice(0)) signalGroup(pgid, 'SIGKILL')
  await cleanupDshProcesses()
})

/** The pid the command wrote: the bash tool's process group id. */
async function readPgid(file: string): Promise<number> {
  const poll = async () => {
    while (!existsSync(file) || !readFileSync(file, 'utf8').endsWith('\n')) await new Promise((r) => setTimeout(r, 20))
    return Number(readFileSync(file, 'utf8'))
  }
  return withTimeout(poll(), 10_000, `${file} from the bash command`)
}

it(
  'kill -9 mid-bash: the process tree dies with the agent; ' + 'session/load closes the call for the next request',
  async () => {
    const { base, cwd, sessions } = scratch()
    const first = startDsh(cwd, sessions, { patches: [ECHO_OVERLAY, sandboxOff(base)] })
    const sessionId = await openSession(first.rpc, cwd)
    const command = 'echo $$ > group.pid; sleep 100 & sleep 100'
    void first.rpc
      .request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: 'text', text: `tool bash ${JSON.stringify({ command })}` }],
      })
      .catch(() => {})
    await first.feed.waitFor(sessionId, { type: 'tool/start' }, 10_000, 'the bash call to start')
    const pgid = await readPgid(join(cwd, 'group.pid'))
    groups.push(pgid)
    expect(await waitGroupGone(pgid, { timeoutMs: 0 })).toBe(false)

    first.agent.child.kill('SIGKILL')
    await first.agent.exited
    // The watcher acts on EOF at once; the bound only keeps a broken build from hanging the suite.
    expect(await waitGroupGone(pgid, { timeoutMs: 10_000 })).toBe(true)

    const stub = await startStubEndpoint({ script: [textReply('understood')] })
    try {
      const second = startDsh(cwd, sessions, {
        patches: [],
        env: { DEEPSEEK_BASE_URL: stub.url, DEEPSEEK_API_KEY: 'sk-stub-only' },
      })
      await second.rpc.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
      await second.rpc.request(acp.methods.agent.session.load, { sessionId, cwd, mcpServers: [] })
      expect(second.updates.map((u) => u.update)).toContainEqual({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_1_1_1',
        status: 'failed',
        content: [{ type: 'content', content: { type: 'text', text: INTERRUPTED_CALL_OUTPUT } }],
      })
      const response = await second.rpc.request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: 'text', text: 'what happened?' }],
      })
      expect(response.stopReason).toBe('end_turn')
      expect(stub.requests).toHaveLength(1)
      const messages = (stub.requests[0]!.body as { messages: unknown[] }).messages
      expect(messages.slice(1)).toEqual([
        { role: 'user', content: `tool bash ${JSON.stringify({ command })}` },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1_1_1', type: 'function', function: { name: 'bash', arguments: JSON.stringify({ command }) } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1_1_1', content: INTERRUPTED_CALL_OUTPUT },
        { role: 'user', content: 'what happened?' },
      ])
      // The closing events are in the log, where replay and later loads read them.
      const log = readFileSync(join(sessions, `${sessionId}.jsonl`), 'utf8')
      expect(log).toContain(`"output":"${INTERRUPTED_CALL_OUTPUT}"`)
      expect(log).toMatch(/"type":"turn\/end","data":\{"turn":1,"reason":"cancelled"\}/)
    } finally {
      await stub.close()
    }
  },
)
