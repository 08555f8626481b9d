// One ACP session with the composition, for a person: the composition boots in this process with
// its acp entry on transport `none`, and the SDK's client connects to it over an in-memory message
// pipe (as the test host does), so what runs is the agent an editor gets, through the real protocol.
// The client is the shared editor (lib/acp-client/): it offers the agent the files of the cwd
// (fs/read_text_file, fs/write_text_file, confined to it) and terminals, as an editor does.
import * as acp from '@agentclientprotocol/sdk'
import { EditorClient, type EditorOffer } from '../../../../lib/acp-client/editor-client.ts'
import type { FileOp } from '../../../../lib/acp-client/editor-fs.ts'
import type {} from '../../../../plugins/acp/index.ts'
import { bootComposition, type BootedComposition } from '../../../../plugins/config/boot.ts'
import { createMessagePipe } from '../../../../plugins/acp/message-pipe.ts'
import { holdAdapterKeys, loadDotEnvIfLive } from '../live-key.ts'

interface AgentSessionOptions {
  configFile: string
  patches: string[]
  env: NodeJS.ProcessEnv
  /** The session's working folder (the agent's tools work there). */
  cwd: string
  /** Diagnostics (boot warnings, plugin errors): stderr. */
  log(line: string): void
  onUpdate(notification: acp.SessionNotification): void
  onPermission(params: acp.RequestPermissionRequest): Promise<acp.RequestPermissionResponse>
  /** Every file request the agent made of the client, and how it ended. */
  onFileOp?(op: FileOp): void
}

/** What dsh prompt and chat offer the agent: an editor's files and terminals. */
const OFFER: EditorOffer = { readTextFile: true, writeTextFile: true, terminal: true }

export interface AgentSession {
  /** One turn; resolves with its stop reason, rejects with the agent's error. */
  prompt(text: string): Promise<acp.StopReason>
  /** Ask the agent to stop the running turn (its prompt then ends `cancelled`). */
  cancel(): Promise<void>
  /** Close the connection and dispose the composition. */
  close(): Promise<void>
}

export async function openAgentSession(options: AgentSessionOptions): Promise<AgentSession> {
  const { configFile, patches, env, log } = options
  await loadDotEnvIfLive({ configFile, patches }, env)
  // The acp entry serves no stdio here (only `dsh serve` attaches it): stdout is the person's.
  const booted = await bootComposition({ configFile, patches, env, log })
  try {
    holdAdapterKeys(booted.ctx, log)
    return await connect(booted, options)
  } catch (error) {
    await booted.dispose()
    throw error
  }
}

async function connect(booted: BootedComposition, options: AgentSessionOptions): Promise<AgentSession> {
  const bridge = booted.ctx.get('acp')
  if (!bridge)
    throw new Error(`${booted.configFile}: the composition has no running acp entry, so there is no agent to talk to`)
  const pipe = createMessagePipe(() => false)
  const served = bridge.serve(pipe.agent)
  const editor = new EditorClient({ cwd: options.cwd, offer: OFFER, record: options.onFileOp })
  const connection = editor
    .serve(acp.client({ name: 'dsh-prompt' }))
    .onNotification(acp.methods.client.session.update, ({ params }) => options.onUpdate(params))
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => options.onPermission(params))
    .connect(editor.tap(pipe.client))
  const disconnect = async () => {
    connection.close()
    await served.close()
    await editor.releaseTerminals()
  }
  const close = async () => {
    await disconnect()
    await booted.dispose()
  }
  try {
    await connection.agent.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: editor.capabilities(),
      clientInfo: { name: 'dsh-prompt', version: '1' },
    })
    const { sessionId } = await connection.agent.request(acp.methods.agent.session.new, {
      cwd: options.cwd,
      mcpServers: [],
    })
    return {
      prompt: (text) =>
        keepingProcessAlive(async () => {
          const prompt: acp.ContentBlock[] = [{ type: 'text', text }]
          return (await connection.agent.request(acp.methods.agent.session.prompt, { sessionId, prompt })).stopReason
        }),
      cancel: () => connection.agent.notify(acp.methods.agent.session.cancel, { sessionId }),
      close,
    }
  } catch (error) {
    await disconnect()
    throw error
  }
}

/**
 * In process nothing else holds the event loop: a turn waiting only for a future Ctrl-C (a model
 * that hangs, a held stream) would otherwise let node exit with the prompt unsettled.
 */
async function keepingProcessAlive<T>(work: () => Promise<T>): Promise<T> {
  const hold = setInterval(() => {}, 60_000)
  try {
    return await work()
  } finally {
    clearInterval(hold)
  }
}
