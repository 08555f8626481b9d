// issue 14 item 12, against the real dsh: the key comes from a key file, so a tool that reads the
// agent's environment block (/proc/$PPID/environ) does not find it, and the request still carries it.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, expect, it } from 'vitest'
import { startStubEndpoint, textReply, toolCallReply } from '../../lib/model-wire/index.ts'
import { cleanupDshProcesses, openSession, scratch, startDsh } from './test-support/dsh-process.ts'

afterEach(cleanupDshProcesses)

const KEY = 'sk-from-the-key-file'
const COMMAND =
  "env=$(tr '\\0' '\\n' < /proc/$PPID/environ); " +
  'echo "path=$(echo "$env" | grep -c ^PATH=) key=$(echo "$env" | grep -c ^DEEPSEEK_API_KEY=)"'

it('reads the key from DEEPSEEK_API_KEY_FILE; the agent environment a tool can read holds no key', async () => {
  const { base, cwd, sessions } = scratch()
  const keyFile = join(base, 'deepseek-api-key')
  writeFileSync(keyFile, `${KEY}\n`)
  chmodSync(keyFile, 0o600)
  const stub = await startStubEndpoint({
    expectApiKey: KEY,
    script: [
      toolCallReply([{ id: 'call_1', name: 'bash', arguments: JSON.stringify({ command: COMMAND }) }]),
      textReply('done'),
    ],
  })
  try {
    const { agent, rpc } = startDsh(cwd, sessions, {
      patches: [],
      env: { DEEPSEEK_BASE_URL: stub.url, DEEPSEEK_API_KEY_FILE: keyFile },
    })
    const sessionId = await openSession(rpc, cwd)
    const response = await rpc.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'look around' }],
    })
    expect(response.stopReason).toBe('end_turn')
    expect(stub.requests.map((request) => request.authorizationMatches)).toEqual([true, true])
    const log = readFileSync(join(sessions, `${sessionId}.jsonl`), 'utf8')
    // The command read the agent's environment block: PATH is there, the key is not.
    expect(log).toContain('"output":"path=1 key=0\\n"')
    expect(log).not.toContain(KEY)
    expect(agent.stderr()).not.toContain(KEY)
  } finally {
    await stub.close()
  }
})
