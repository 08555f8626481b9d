// The MCP SDK's Transport for a stdio server started in a process group of its own: closing ends
// the whole group (SIGTERM, then SIGKILL after a grace period), and when dsh dies the group goes
// too. Confined by bubblewrap, the sandbox's PID namespace ends everything the server started, a
// double-forked setsid daemon included, and `--die-with-parent` ends it with dsh. Either way it is
// watched by dsh's lifeline (lib/process/lifeline.ts), which also covers bwrap's start; unconfined,
// its processes carry a marker (lib/process/marked.ts) that finds the daemons that left the group,
// at close and when dsh dies.
// The SDK's own stdio transport kills only the direct child and nothing when dsh is killed.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import type { Duplex } from 'node:stream'
import { setTimeout as delay } from 'node:timers/promises'
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { signalGroup } from '../../lib/process/group.ts'
import { lifelineShellArgs } from '../../lib/process/lifeline.ts'
import { waitGroupGone } from '../../lib/process/liveness.ts'
import { killMarked, type ProcessMarker, type SignalledProcesses, signalMarked } from '../../lib/process/marked.ts'
import type { SandboxLaunch } from '../../lib/sandbox/launch.ts'

const STDERR_TAIL_CHARS = 1_000

interface ServerProcessOptions {
  command: string
  args: readonly string[]
  cwd: string
  env: Record<string, string>
  /** How long a server gets to exit after stdin closes, and again after SIGTERM. */
  killGraceMs: number
  /** Confines the server (plugins/mcp/server-sandbox.ts); absent: it runs unconfined. */
  confine?: (argv: readonly string[]) => SandboxLaunch
}

/** Set to a fresh value in each unconfined server's environment: its daemons carry it. */
const SERVER_MARKER_VAR = 'DSH_MCP_SERVER'

export class ServerProcessTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void
  private child: ChildProcess | undefined
  private lifeline: Duplex | undefined
  private readonly buffer = new ReadBuffer()
  private stderr = ''
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined
  /** Settles when the child's stdio pipes have all closed ('close' comes after 'exit'). */
  private pipesClosed: Promise<void> = Promise.resolve()
  /** Unconfined (or confined without a PID namespace): what finds the daemons that left the group. */
  private marker: ProcessMarker | undefined
  private readonly signalled: SignalledProcesses = new Map()
  private launch: SandboxLaunch | undefined

  constructor(private readonly options: ServerProcessOptions) {}

  start(): Promise<void> {
    const child = this.spawn()
    this.child = child
    this.lifeline = (child.stdio[3] as Duplex | null) ?? undefined
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
    this.pipesClosed = new Promise((resolve) =>
      child.on('close', () => {
        this.launch?.cleanup()
        this.onclose?.()
        resolve()
      }),
    )
    return new Promise((resolve, reject) => {
      child.once('spawn', resolve)
      child.once('error', reject)
    })
  }

  /**
   * sh with the lifeline, then the server in place: in bwrap (its namespace ends what the server
   * starts; the watcher covers the moment before bwrap arms its parent-death signal) or unconfined,
   * with a marker for the daemons that leave the group.
   */
  private spawn(): ChildProcess {
    const { command, args, cwd, env, confine } = this.options
    this.launch = confine?.([command, ...args])
    if (!this.launch?.killsEscapes) this.marker = { name: SERVER_MARKER_VAR, value: randomUUID() }
    const [file, ...rest] = this.launch ? [this.launch.file, ...this.launch.args] : [command, ...args]
    return spawn('/bin/sh', lifelineShellArgs(file!, rest, this.marker?.name), {
      cwd,
      env: { ...env, ...this.launch?.env, ...(this.marker ? { [this.marker.name]: this.marker.value } : {}) },
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
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

  /** stdin closed, then SIGTERM, each with a grace period; then SIGKILL to the group, then the marked escapees. */
  async close(): Promise<void> {
    const child = this.child
    if (!child?.pid) return
    const exited = this.exit ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()))
    // The grace timer is cleared as soon as the process exits: a pending one would outlive the session.
    const within = async (ms: number, done = exited) => {
      const grace = new AbortController()
      const timeout = delay(ms, false, { signal: grace.signal }).catch(() => false)
      const outcome = await Promise.race([done.then(() => true), timeout])
      grace.abort()
      return outcome
    }
    const { killGraceMs } = this.options
    child.stdin?.end()
    if (!(await within(killGraceMs))) {
      signalGroup(child.pid, 'SIGTERM')
      if (this.marker) signalMarked(this.marker, 'SIGTERM', this.signalled)
      await within(killGraceMs)
    }
    // The server is gone or past its grace: what is left of its group goes now, the lifeline's watcher
    // with it (while it lives the group id cannot be reused). Closing the lifeline first would set the
    // watcher sweeping /proc, which on a loaded machine outlasts dsh itself.
    signalGroup(child.pid, 'SIGKILL')
    this.lifeline?.destroy()
    await waitGroupGone(child.pid, { timeoutMs: killGraceMs })
    // Daemons that left the group (setsid, a double fork) carry the marker: none outlives the server.
    if (this.marker) await killMarked(this.marker, killGraceMs, this.signalled)
    // Node reports the exit before the pipes drain: a closed transport leaves no descriptor open.
    // Nothing of the group is left to hold them, so a pipe still open past the grace is cut.
    if (!(await within(killGraceMs, this.pipesClosed))) for (const pipe of child.stdio) pipe?.destroy()
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
