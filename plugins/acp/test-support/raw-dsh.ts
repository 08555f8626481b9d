// The real dsh over raw stdio pipes, for tests about the bytes themselves: a client that stops
// reading, lines the SDK client would not send, what is on stdout before EOF. Call
// `cleanupRawDsh` in afterEach.
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { signalGroup } from '../../../lib/process/group.ts'
import { packageRoot as repoRoot } from '../../../lib/package-root.ts'

const started: ChildProcess[] = []

export function cleanupRawDsh(): void {
  for (const child of started.splice(0)) if (child.exitCode === null && child.pid) signalGroup(child.pid, 'SIGKILL')
}

export class RawDsh {
  readonly child: ChildProcess
  /** Every complete stdout line read so far, parsed. */
  readonly messages: Array<Record<string, unknown>> = []
  /** The same lines as written, for what JSON.parse would change (an id beyond 2^53). */
  readonly rawLines: string[] = []
  /** session/update notifications read so far (kept in `messages` only with `keepUpdates`). */
  updateCount = 0
  private partial = ''
  private stderrText = ''
  private waiters: Array<() => void> = []
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Resolves when stdout reaches EOF. */
  readonly stdoutEnded: Promise<void>

  constructor(
    cwd: string,
    sessions: string,
    private readonly keepUpdates = true,
    /** `openFiles`: dsh runs under `ulimit -n` of this many descriptors (exec'd by sh, so the pid is dsh's). */
    limits: { openFiles?: number } = {},
  ) {
    const args = ['--config', join(repoRoot, 'cordis.yml'), '--patch', join(repoRoot, 'overlays', 'echo.cordis.yml')]
    const command = [process.execPath, join(repoRoot, 'bin', 'dsh.js'), ...args]
    const limited = limits.openFiles
      ? ['/bin/sh', '-c', `ulimit -n ${limits.openFiles} && exec "$0" "$@"`, ...command]
      : command
    this.child = spawn(limited[0]!, limited.slice(1), {
      cwd,
      env: { PATH: process.env.PATH, DSH_SESSIONS_ROOT: sessions },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    })
    started.push(this.child)
    this.child.stdin!.on('error', () => {})
    this.child.stdout!.setEncoding('utf8')
    this.child.stdout!.on('data', (text: string) => this.take(text))
    this.child.stderr!.setEncoding('utf8')
    this.child.stderr!.on('data', (text: string) => {
      this.stderrText += text
    })
    this.stdoutEnded = new Promise((resolve) => this.child.stdout!.once('end', resolve))
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })))
  }

  get pid(): number {
    return this.child.pid!
  }

  stderr(): string {
    return this.stderrText
  }

  /** Stops reading stdout: the pipe fills and dsh's writes wait. */
  pauseStdout(): void {
    this.child.stdout!.pause()
  }

  resumeStdout(): void {
    this.child.stdout!.resume()
  }

  /** Writes raw text to stdin. */
  write(text: string): void {
    this.child.stdin!.write(text)
  }

  /** Closes stdin (EOF for dsh). */
  endStdin(): void {
    this.child.stdin!.end()
  }

  request(id: number | string, method: string, params: unknown): void {
    this.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`)
  }

  /** The first message matching `match`, waiting up to `timeoutMs`. */
  async waitFor(
    match: (message: Record<string, unknown>) => boolean,
    timeoutMs: number,
    what: string,
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.messages.find(match)
      if (found) return found
      if (Date.now() > deadline) throw new Error(`no ${what} on dsh's stdout within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve)
        setTimeout(resolve, 50)
      })
    }
  }

  /** The response to request `id`. */
  response(id: number | string, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    return this.waitFor((m) => m.id === id && !('method' in m), timeoutMs, `response to request ${id}`)
  }

  /** initialize + session/new; returns the session id. */
  async openSession(cwd: string): Promise<string> {
    this.request(1, 'initialize', { protocolVersion: 1, clientCapabilities: {} })
    this.request(2, 'session/new', { cwd, mcpServers: [] })
    const created = await this.response(2)
    return (created.result as { sessionId: string }).sessionId
  }

  /** Resident memory in kB (Linux /proc). */
  rssKb(): number {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8')
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1])
  }

  private take(text: string): void {
    const lines = (this.partial + text).split('\n')
    this.partial = lines.pop()!
    for (const line of lines) {
      if (!line) continue
      const message = JSON.parse(line)
      if (message.method === 'session/update') this.updateCount++
      if (message.method !== 'session/update' || this.keepUpdates) {
        this.messages.push(message)
        this.rawLines.push(line)
      }
    }
    for (const wake of this.waiters.splice(0)) wake()
  }
}
