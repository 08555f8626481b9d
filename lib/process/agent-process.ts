// A real agent process over stdio: spawned without a shell in its own process group,
// stdout teed byte for byte, stderr captured, and shut down within a bounded budget.
import { spawn, type ChildProcess } from 'node:child_process'
import { PassThrough, Readable, Writable } from 'node:stream'
import { signalGroup } from './group.ts'
import { type GroupWatcher, watchGroup } from './lifeline.ts'
import { waitGroupGone } from './liveness.ts'
import type { ProcessMarker } from './marked.ts'
import { WaitTimeoutError } from '../with-timeout.ts'

interface AgentProcessOptions {
  command: string
  args: string[]
  cwd: string
  env: NodeJS.ProcessEnv
  /** Budget for each shutdown phase (stdin EOF, SIGTERM), after which the next one starts. */
  shutdownPhaseMs?: number
  /** Keep a copy of stdout for `stdout()` (default true); a caller that reads the stream itself may not need it. */
  keepStdout?: boolean
  /** Keep only about the last this many bytes of stderr (default: all), so a flooding agent cannot grow us. */
  stderrTailBytes?: number
  /**
   * Kill the agent's group, and the processes carrying this marker (set it in `env` too), when
   * this process dies, even by SIGKILL (lib/process/lifeline.ts); released once shutdown is done.
   */
  lifeline?: { marker?: ProcessMarker }
}

interface ShutdownReport {
  code: number | null
  signal: NodeJS.Signals | null
  /** How the process ended: it exited on EOF, or needed SIGTERM / SIGKILL. */
  via: 'eof' | 'sigterm' | 'sigkill'
  /** False when members of its process group were still alive after SIGKILL (unreaped zombies do not count). */
  groupGone: boolean
  /**
   * The agent exited but its stdout or stderr stayed open: a process it started (a daemon that
   * left its group) still holds them. The streams were let go of so nothing waits on them.
   */
  pipesHeld: boolean
}

/** After the agent exits, how long its pipes get to close (the last output is still arriving). */
const PIPE_CLOSE_GRACE_MS = 250

export class AgentProcess {
  readonly child: ChildProcess
  private stdoutChunks: Buffer[] = []
  private stderrChunks: Buffer[] = []
  /**
   * Resolves when the agent process exits (not when its pipes close: a daemon it started may hold
   * them forever), once its pipes closed or PIPE_CLOSE_GRACE_MS passed, whichever is first.
   */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Whether the agent's stdio pipes have closed (every process holding them let go). */
  private pipesClosed: Promise<boolean>
  private pipesClosedYet = false
  readonly spawned: Promise<void>
  /** Web streams for the ACP client: what the agent writes, and where the client writes. */
  readonly input: ReadableStream<Uint8Array>
  readonly output: WritableStream<Uint8Array>
  private readonly lifeline: GroupWatcher | undefined

  constructor(private options: AgentProcessOptions) {
    this.child = spawn(options.command, options.args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    })
    this.spawned = new Promise((resolve, reject) => {
      this.child.once('spawn', () => resolve())
      this.child.once('error', (error) =>
        reject(
          new Error(
            `could not start agent "${options.command} ${options.args.join(' ')}" in ${options.cwd}: ${error.message}`,
          ),
        ),
      )
    })
    // The agent leads its group (detached): the watcher needs only its pid.
    this.lifeline =
      options.lifeline && this.child.pid !== undefined ? watchGroup(this.child.pid, options.lifeline.marker) : undefined
    this.pipesClosed = new Promise<boolean>((resolve) =>
      this.child.once('close', () => {
        this.pipesClosedYet = true
        resolve(true)
      }),
    )
    const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      this.child.once('exit', (code, signal) => resolve({ code, signal })),
    )
    this.exited = exit.then(async (status) => {
      await this.pipesClosedWithin(PIPE_CLOSE_GRACE_MS)
      return status
    })
    if (options.keepStdout !== false) this.child.stdout!.on('data', (chunk: Buffer) => this.stdoutChunks.push(chunk))
    this.child.stderr!.on('data', (chunk: Buffer) => this.keepStderr(chunk))
    // The client reads a copy: when it stops reading (its connection closed), cancelling the copy
    // must not close dsh's stdout, or what dsh still writes before it exits (a message that follows
    // a response) would fail with EPIPE and be missing from the transcript collected above.
    const copy = new PassThrough()
    this.child.stdout!.pipe(copy)
    this.input = Readable.toWeb(copy) as ReadableStream<Uint8Array>
    this.output = Writable.toWeb(this.child.stdin!) as WritableStream<Uint8Array>
    // A client that closes early must not crash the host with EPIPE.
    this.child.stdin!.on('error', () => {})
  }

  private pipesClosedWithin(ms: number): Promise<boolean> {
    const grace = new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())
    return Promise.race([this.pipesClosed, grace])
  }

  private stderrBytes = 0

  private keepStderr(chunk: Buffer): void {
    this.stderrChunks.push(chunk)
    this.stderrBytes += chunk.length
    const tail = this.options.stderrTailBytes
    if (tail === undefined) return
    while (this.stderrChunks.length > 1) {
      const [first] = this.stderrChunks
      if (!first || this.stderrBytes - first.length < tail) break
      this.stderrChunks.shift()
      this.stderrBytes -= first.length
    }
    const [only] = this.stderrChunks
    if (only && this.stderrBytes > 2 * tail) {
      // One huge chunk: keep its end.
      this.stderrChunks = [Buffer.from(only.subarray(-tail))]
      this.stderrBytes = tail
    }
  }

  stdout(): string {
    return Buffer.concat(this.stdoutChunks).toString('utf8')
  }

  stderr(): string {
    return Buffer.concat(this.stderrChunks).toString('utf8')
  }

  /** Closes stdin, then SIGTERMs, then SIGKILLs the whole group; resolves once it is gone. */
  async shutdown(): Promise<ShutdownReport> {
    const phase = this.options.shutdownPhaseMs ?? 3000
    const pid = this.child.pid
    const wait = (ms: number) =>
      Promise.race([
        this.exited,
        new Promise<undefined>((r) => {
          setTimeout(() => r(undefined), ms).unref()
        }),
      ])
    if (pid === undefined) return { code: null, signal: null, via: 'eof', groupGone: true, pipesHeld: false }
    this.child.stdin!.end()
    let via: ShutdownReport['via'] = 'eof'
    let exit = this.child.exitCode !== null || this.child.signalCode !== null ? await this.exited : await wait(phase)
    if (!exit) {
      via = 'sigterm'
      signalGroup(pid, 'SIGTERM')
      exit = await wait(phase)
    }
    if (!exit) {
      via = 'sigkill'
      signalGroup(pid, 'SIGKILL')
      exit = await wait(phase)
    }
    // Descendants that outlived the agent (a detached grandchild) go too (a gone group is a no-op).
    signalGroup(pid, 'SIGKILL')
    // Zombies do not count: an orphan (a wrapper's child, e.g. under `npx`) is reaped by PID 1
    // only if PID 1 reaps at all, which a container's init may not do.
    const groupGone = await waitGroupGone(pid, { timeoutMs: phase })
    // The group is gone (or will not go): the watcher must not fire at a group id that may be reused.
    this.lifeline?.release()
    if (!exit) throw new WaitTimeoutError(`agent process ${pid} did not exit within ${phase} ms of SIGKILL`)
    // The group is gone; a holder of the pipes now is outside it (setsid, a double-forked daemon).
    const pipesHeld = !this.pipesClosedYet && !(await this.pipesClosedWithin(PIPE_CLOSE_GRACE_MS))
    if (pipesHeld) for (const stream of [this.child.stdout, this.child.stderr]) stream?.destroy()
    return { ...exit, via, groupGone, pipesHeld }
  }
}
