// `dsh record-session`: an ACP proxy between an editor (this process's stdin/stdout) and the agent
// it starts. Every line passes through unchanged, byte for byte; each JSON-RPC line is also kept,
// with its direction, for ./derive.ts. The agent is the user's own, in the user's environment: it
// gets this process's environment and cwd, as it would from the editor.
import { createInterface } from 'node:readline'
import type { Readable, Writable } from 'node:stream'
import type { AgentCommand } from '../../conformance/shell-words.ts'
import { AgentProcess } from '../../../lib/process/agent-process.ts'
import type { CapturedMessage } from './derive.ts'

interface ProxyRun {
  captured: CapturedMessage[]
  /** How the agent ended, and what it printed on stderr. */
  exit: { code: number | null; signal: NodeJS.Signals | null }
  stderr: string
}

export async function proxySession(
  command: AgentCommand,
  editor: { input: Readable; output: Writable },
  env: NodeJS.ProcessEnv,
  options: { cwd?: string; onMessage?: (message: CapturedMessage) => void } = {},
): Promise<ProxyRun> {
  const captured: CapturedMessage[] = []
  const keep = (dir: CapturedMessage['dir'], line: string) => {
    try {
      const message = JSON.parse(line) as unknown
      if (!message || typeof message !== 'object' || Array.isArray(message)) return
      captured.push({ dir, message: message as Record<string, unknown> })
      options.onMessage?.({ dir, message: message as Record<string, unknown> })
    } catch {
      // not JSON-RPC: passed through, not kept
    }
  }
  const agent = new AgentProcess({
    command: command.command,
    args: command.args,
    cwd: options.cwd ?? process.cwd(),
    env: { ...env, ...command.env },
    keepStdout: false,
  })
  await agent.spawned
  const fromAgent = createInterface({ input: agent.child.stdout!, crlfDelay: Number.POSITIVE_INFINITY })
  fromAgent.on('line', (line) => {
    keep('out', line)
    editor.output.write(`${line}\n`)
  })
  const fromEditor = createInterface({ input: editor.input, crlfDelay: Number.POSITIVE_INFINITY })
  fromEditor.on('line', (line) => {
    keep('in', line)
    agent.child.stdin!.write(`${line}\n`)
  })
  // The editor closing its end is the session's end: the agent sees EOF, as without the proxy.
  fromEditor.on('close', () => agent.child.stdin!.end())
  const exit = await agent.exited
  fromEditor.close()
  await agent.shutdown()
  return { captured, exit, stderr: agent.stderr() }
}
