// The MCP SDK's Transport for a stdio server started in a process group of its own, watched by
// dsh's lifeline (lib/process/lifeline.ts): closing ends the whole group (SIGTERM, then SIGKILL
// after a grace period), and when dsh dies the group goes too. The SDK's own stdio transport
// kills only the direct child and nothing when dsh is killed, which would leave orphans.
import { type ChildProcess, spawn } from 'node:child_process'
import type { Duplex } from 'node:stream'
import { setTimeout as delay } from 'node:timers/promises'
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { lifelineShellArgs } from '../../lib/process/lifeline.ts'
import { signalGroup } from '../../lib/process/group.ts'
import { waitGroupGone } from '../../lib/process/liveness.ts'

const STDERR_TAIL_CHARS = 1_000

interface ServerProcessOptions {
  command: string
  args: readonly string[]
  cwd: string
  env: Record<string, string>
  /** How long a server gets to exit after stdin closes, and again after SIGTERM. */
  killGraceMs: number
}

export class ServerProcessTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void
  private child: ChildProcess | undefined
  private lifeline: Duplex | undefined
  private readonly buffer = new ReadBuffer()
  private stderr = ''
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined

  constructor(private readonly options: ServerProcessOptions) {}

  start(): Promise<void> {
    const { command, args, cwd, env } = this.options
    const child = spawn('/bin/sh', lifelineShellArgs(command, args), {
      cwd,
      env,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
    })
    this.child = child
    this.lifeline = child.stdio[3] as Duplex
    child.stdout!.on('data', (chunk: Buffer) => this.receive(chunk))
    child.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_TAIL_CHARS)
    })
    child.stdin!.on('error', (error) => this.onerror?.(error))
    child.on('exit', (code, signal) => {
      this.exit = { code, signal }
      // The server is gone: releasing the lifeline makes the watcher sweep what it left behind,
      // and lets the child's pipes close, which is how the SDK learns the connection ended.
      this.lifeline?.destroy()
    })
    child.on('close', () => this.onclose?.())
    return new Promise((resolve, reject) => {
      child.once('spawn', resolve)
      child.once('error', reject)
    })
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin
    if (!stdin || stdin.destroyed || this.exit) return Promise.reject(new Error('the server process has ended'))
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve()
      else stdin.once('drain', resolve)
    })
  }

  /** How the process ended, with the end of its stderr: for error messages. */
  describeEnding(): string | undefined {
    if (!this.exit) return undefined
    const how = this.exit.signal ? `was killed by ${this.exit.signal}` : `exited with code ${this.exit.code}`
    const tail = this.stderr.trim()
    return tail ? `${how}; its stderr ends: ${tail.split('\n').slice(-3).join(' | ')}` : how
  }

  get pid(): number | undefined {
    return this.child?.pid
  }

  /** stdin closed, then SIGTERM, each with a grace period; then the lifeline sweeps the group. */
  async close(): Promise<void> {
    const child = this.child
    if (!child?.pid) return
    const exited = this.exit ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()))
    // The grace timer is cleared as soon as the process exits: a pending one would outlive the session.
    const within = async (ms: number) => {
      const grace = new AbortController()
      const timeout = delay(ms, false, { signal: grace.signal }).catch(() => false)
      const outcome = await Promise.race([exited.then(() => true), timeout])
      grace.abort()
      return outcome
    }
    const { killGraceMs } = this.options
    child.stdin?.end()
    if (!(await within(killGraceMs))) {
      signalGroup(child.pid, 'SIGTERM')
      await within(killGraceMs)
    }
    this.lifeline?.destroy()
    if (!(await waitGroupGone(child.pid, { timeoutMs: killGraceMs }))) signalGroup(child.pid, 'SIGKILL')
  }

  private receive(chunk: Buffer): void {
    try {
      this.buffer.append(chunk)
    } catch (error) {
      // A message over the SDK's 10 MB line limit: the stream cannot be resynchronised.
      this.onerror?.(asError(error))
      void this.close()
      return
    }
    for (;;) {
      let message: JSONRPCMessage | null
      try {
        message = this.buffer.readMessage()
      } catch (error) {
        this.onerror?.(asError(error))
        continue
      }
      if (message === null) return
      this.onmessage?.(message)
    }
  }
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)))
