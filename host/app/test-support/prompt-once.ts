// Start an ACP agent command, open one session in `cwd`, send one prompt, and shut it down:
// what an editor does, for tests of how the installed or configured dsh behaves.
import * as acp from '@agentclientprotocol/sdk'
import { AgentProcess } from '../../../lib/process/agent-process.ts'

export interface PromptOnceResult {
  sessionId: string
  stopReason: string
  /** The text of every agent_message_chunk, joined. */
  reply: string
  stderr: string
  exit: { via: string; code: number | null }
}

export async function promptOnce(options: {
  command: string
  args: string[]
  cwd: string
  env: NodeJS.ProcessEnv
  text: string
}): Promise<PromptOnceResult> {
  const agent = new AgentProcess({ command: options.command, args: options.args, cwd: options.cwd, env: options.env })
  let reply = ''
  const connection = acp
    .client({ name: 'test' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      const update = params.update
      if (update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text') reply += update.content.text
    })
    .connect(acp.ndJsonStream(agent.output, agent.input))
  try {
    await connection.agent.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
    const { sessionId } = await connection.agent.request(acp.methods.agent.session.new, {
      cwd: options.cwd,
      mcpServers: [],
    })
    const { stopReason } = await connection.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: options.text }],
    })
    connection.close()
    const report = await agent.shutdown()
    return { sessionId, stopReason, reply, stderr: agent.stderr(), exit: { via: report.via, code: report.code } }
  } catch (error) {
    connection.close()
    await agent.shutdown()
    throw new Error(`${(error as Error).message}; agent stderr:\n${agent.stderr()}`, { cause: error })
  }
}
