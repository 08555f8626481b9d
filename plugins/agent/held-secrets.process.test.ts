// issue 43, leak 5: an approved bash command whose output holds the key the real dsh holds (in base64,
// reversed and whole), then a prompt that pastes it: the session log, the client's updates and the
// requests to the model (the DeepSeek-wire stub) carry none of it; the redaction says what was taken out.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, expect, it } from 'vitest'
import { startStubEndpoint, textReply, toolCallReply } from '../../lib/model-wire/index.ts'
import { cleanupDshProcesses, openSession, scratch, startDsh } from '../../host/app/test-support/dsh-process.ts'

afterEach(() => cleanupDshProcesses())

// Assembled at run time, so this file holds no literal key.
const KEY = ['sk', '9d2f71c04be5a8336e1f0a9c7d4b2e85'].join('-')
const forms = [KEY, Buffer.from(KEY).toString('base64'), [...KEY].reverse().join('')]

it('keeps every form of its own key out of the log, the client and the next request', async () => {
  const { cwd, sessions } = scratch()
  writeFileSync(join(cwd, 'leak.txt'), `${KEY}\n`)
  const command = 'cat leak.txt; base64 -w0 leak.txt | head -c 48; echo; rev leak.txt'
  const call = toolCallReply([{ id: 'call_1', name: 'bash', arguments: JSON.stringify({ command }) }])
  const stub = await startStubEndpoint({ script: [call, textReply('done'), textReply('noted')] })
  try {
    const dsh = startDsh(cwd, sessions, { patches: [], env: { DEEPSEEK_BASE_URL: stub.url, DEEPSEEK_API_KEY: KEY } })
    const sessionId = await openSession(dsh.rpc, cwd)
    const answer = await dsh.rpc.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'print it' }],
    })
    expect(answer).toMatchObject({ stopReason: 'end_turn' })
    // The user pastes the key into a prompt: it is logged and sent without it, too.
    const pasted = await dsh.rpc.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: `remember ${KEY} for me` }],
    })
    expect(pasted).toMatchObject({ stopReason: 'end_turn' })
    const log = readFileSync(join(sessions, `${sessionId}.jsonl`), 'utf8')
    const request = JSON.stringify(stub.requests[1]!.body)
    const next = JSON.stringify(stub.requests[2]!.body)
    expect(next).toContain('remember [redacted: the model API key] for me')
    const updates = JSON.stringify(dsh.updates)
    for (const text of [log, request, next, updates]) {
      expect(text).toContain('[redacted: the model API key]')
      for (const form of forms) expect(text).not.toContain(form.slice(4, 20))
    }
  } finally {
    await stub.close()
  }
}, 60_000)
