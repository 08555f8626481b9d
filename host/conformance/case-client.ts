// The runner's side of one case's ACP connection: a real client that answers permission
// requests by mode, serves the confined file system, and lets the recorder see every message.
import * as acp from '@agentclientprotocol/sdk'
import type { AgentProcess } from '../../lib/process/agent-process.ts'
import type { CasePermissionMode } from './case-schema.ts'
import { createClientFs } from './client-fs.ts'
import type { CwdLedger } from './cwd-ledger.ts'
import { HeldPermissions } from './held-permissions.ts'
import { answerPermission } from './permissions.ts'
import type { TraceRecorder } from './recorder.ts'
import type { PermissionRecord } from './trace.ts'

export interface CaseClient {
  connection: acp.ClientConnection
  /** Answers the held permission requests of a session; call before sending session/cancel. */
  releaseHeld(sessionId: string): void
}

export function connectCaseClient(
  agent: AgentProcess,
  recorder: TraceRecorder,
  ledger: CwdLedger,
  mode: CasePermissionMode,
): CaseClient {
  const trace = recorder.trace
  const held = new HeldPermissions()
  const fs = createClientFs({
    ledger,
    knownSession: (id) => [...trace.sessions.values()].includes(id),
    record: (op) => trace.fileOps.push({ seq: recorder.mark(), ...op }),
  })
  const client = acp
    .client({ name: 'dsh-conformance' })
    .onRequest(acp.methods.client.session.requestPermission, ({ params, signal }) => {
      const record: PermissionRecord = {
        seq: recorder.mark(),
        sessionId: params.sessionId,
        toolCallId: params.toolCall?.toolCallId,
        answer: 'held',
      }
      trace.permissions.push(record)
      if (mode === 'hold')
        return held.hold(params.sessionId, signal, (why) => {
          record.answer = `cancelled (${why})`
        })
      const { response, answer } = answerPermission(mode, params.options)
      record.answer = answer
      return response
    })
    .onRequest(acp.methods.client.fs.readTextFile, ({ params }) => fs.read(params))
    .onRequest(acp.methods.client.fs.writeTextFile, ({ params }) => fs.write(params))
    // Updates are recorded from the wire by the recorder's tap, in arrival order.
    .onNotification(acp.methods.client.session.update, () => {})
  const connection = client.connect(recorder.tap(acp.ndJsonStream(agent.output, agent.input)))
  return { connection, releaseHeld: (sessionId) => held.releaseSession(sessionId) }
}
