// The runner's side of one case's ACP connection: a real client that answers permission
// requests by mode, serves fs/* and terminal/* as the shared editor client (lib/acp-client/, its
// writes saved through the case's cwd ledger so cleanup undoes them, every file request recorded
// in the trace), and lets the recorder see every message.
import {
  authCapability,
  elicitationCapability,
  sessionCapabilities,
  subagentsCapability,
} from '../../lib/editor-client-schema.ts'
import * as acp from '@agentclientprotocol/sdk'
import { QuestionInbox } from '../../lib/acp-script/questions.ts'
import { asStableConnection } from '../../lib/acp-sdk-compat.ts'
import { EditorClient } from '../../lib/acp-client/editor-client.ts'
import * as unstable from '@agentclientprotocol/sdk/unstable'
import type { AgentProcess } from '../../lib/process/agent-process.ts'
import type { CaseClientSpec } from './case-file.ts'
import type { CasePermissionMode } from './case-schema.ts'
import type { CwdLedger } from './cwd-ledger.ts'
import { HeldPermissions } from './held-permissions.ts'
import { answerPermission } from './permissions.ts'
import type { TraceRecorder } from './recorder.ts'
import type { PermissionRecord } from './trace.ts'

export interface CaseClient {
  connection: acp.ClientConnection
  /** The agent's questions, held for answerQuestion steps (refused when the case advertises no elicitation). */
  questions: QuestionInbox
  /** What initialize advertises: the case's `client`, by default fs read and write and no terminal. */
  capabilities: acp.ClientCapabilities
  /** Answers the held permission requests of a session; call before sending session/cancel. */
  releaseHeld(sessionId: string): void
  /** Ends the commands of terminals the agent never released. */
  releaseTerminals(): Promise<void>
}

/** The runner's default client: fs read and write, no terminal (SPEC.md, "The runner"). */
function advertisedCapabilities(spec: CaseClientSpec | undefined): acp.ClientCapabilities {
  if (!spec) return { fs: { readTextFile: true, writeTextFile: true }, terminal: false }
  return {
    fs: { readTextFile: spec.fs?.readTextFile ?? false, writeTextFile: spec.fs?.writeTextFile ?? false },
    terminal: spec.terminal ?? false,
    ...sessionCapabilities(spec),
    ...subagentsCapability(spec),
    ...elicitationCapability(spec),
    ...authCapability(spec),
  }
}

export function connectCaseClient(
  agent: AgentProcess,
  recorder: TraceRecorder,
  ledger: CwdLedger,
  mode: CasePermissionMode,
  spec?: CaseClientSpec,
): CaseClient {
  const trace = recorder.trace
  const held = new HeldPermissions()
  const capabilities = advertisedCapabilities(spec)
  // Serves only the sessions this client opened (and their announced subagents), read off its stream.
  const editor = new EditorClient({
    cwd: ledger.root,
    offer: {
      readTextFile: !!capabilities.fs?.readTextFile,
      writeTextFile: !!capabilities.fs?.writeTextFile,
      terminal: !!capabilities.terminal,
    },
    buffers: spec?.buffers,
    store: ledger,
    record: (op) => trace.fileOps.push({ seq: recorder.mark(), ...op }),
  })
  const questions = new QuestionInbox(capabilities.elicitation?.form != null)
  // The unstable entry's client: its update router parses with the unstable schema, so a case that
  // advertises `subagents` gets its subagent_update read (the stable one refuses it, on stderr).
  const client = editor
    .serve(unstable.client({ name: 'dsh-conformance' }))
    .onRequest(acp.methods.client.session.requestPermission, ({ params, signal }) =>
      answerRecorded(recorder, held, mode, params, signal),
    )
    .onRequest(acp.methods.client.elicitation.create, ({ params, signal }) => questions.receive(params, signal))
    // Updates are recorded from the wire by the recorder's tap, in arrival order.
    .onNotification(acp.methods.client.session.update, () => {})
  // The same runtime API as the stable client's; only its type declarations are separate.
  const stream = editor.tap(recorder.tap(acp.ndJsonStream(agent.output, agent.input)))
  const connection = asStableConnection(client.connect(stream))
  return {
    connection,
    questions,
    capabilities,
    releaseHeld: (sessionId) => held.releaseSession(sessionId),
    releaseTerminals: () => editor.releaseTerminals(),
  }
}

/** A permission request, recorded in the trace and answered by the case's mode (or held). */
function answerRecorded(
  recorder: TraceRecorder,
  held: HeldPermissions,
  mode: CasePermissionMode,
  params: acp.RequestPermissionRequest,
  signal: AbortSignal,
) {
  const record: PermissionRecord = {
    seq: recorder.mark(),
    sessionId: params.sessionId,
    toolCallId: params.toolCall?.toolCallId,
    answer: 'held',
  }
  recorder.trace.permissions.push(record)
  if (mode === 'hold')
    return held.hold(params.sessionId, signal, (why) => {
      record.answer = `cancelled (${why})`
    })
  const { response, answer } = answerPermission(mode, params.options)
  record.answer = answer
  return response
}
