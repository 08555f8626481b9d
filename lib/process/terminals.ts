// The client side of ACP terminals (`terminal/create`, `output`, `wait_for_exit`, `kill`,
// `release`) with real local processes: what a test client (the snapshot driver, the
// conformance runner, the bridge's tests) answers when it advertises `terminal: true`.
import { type ChildProcess, spawn } from 'node:child_process'
import { signalGroup } from './group.ts'

interface TerminalCreate {
  command: string
  args?: string[]
  env?: Array<{ name: string; value: string }>
  cwd?: string | null
  outputByteLimit?: number | null
}

interface TerminalExitStatus {
  exitCode: number | null
  signal: string | null
}

interface LocalTerminal {
  child: ChildProcess
  chunks: Buffer[]
  bytes: number
  truncated: boolean
  limit: number | undefined
  exit: Promise<TerminalExitStatus>
  exitStatus?: TerminalExitStatus
}

/**
 * Terminal ids are `term-1`, `term-2`, … in creation order, so transcripts are stable.
 * A command sees the client's base environment (given here, nothing else is inherited)
 * plus the variables of its request, and leads its own process group, which kill and release end.
 */
export class LocalTerminals {
  private next = 1
  private readonly terminals = new Map<string, LocalTerminal>()

  constructor(
    private readonly defaultCwd: string,
    private readonly baseEnv: Record<string, string> = {},
  ) {}

  create(request: TerminalCreate): { terminalId: string } {
    const child = spawn(request.command, request.args ?? [], {
      cwd: request.cwd ?? this.defaultCwd,
      env: { ...this.baseEnv, ...Object.fromEntries((request.env ?? []).map(({ name, value }) => [name, value])) },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const terminal: LocalTerminal = {
      child,
      chunks: [],
      bytes: 0,
      truncated: false,
      limit: request.outputByteLimit ?? undefined,
      exit: new Promise((resolve) => {
        child.on('error', () => resolve({ exitCode: 127, signal: null }))
        // 'close': the process ended and its output pipes are drained.
        child.on('close', (exitCode, signal) => resolve({ exitCode, signal }))
      }),
    }
    terminal.exit.then((status) => {
      terminal.exitStatus = status
    })
    const collect = (chunk: Buffer) => append(terminal, chunk)
    child.stdout!.on('data', collect)
    child.stderr!.on('data', collect)
    const terminalId = `term-${this.next++}`
    this.terminals.set(terminalId, terminal)
    return { terminalId }
  }

  output(terminalId: string) {
    const terminal = this.get(terminalId)
    return {
      output: Buffer.concat(terminal.chunks).toString('utf8'),
      truncated: terminal.truncated,
      ...(terminal.exitStatus ? { exitStatus: terminal.exitStatus } : {}),
    }
  }

  waitForExit(terminalId: string): Promise<TerminalExitStatus> {
    return this.get(terminalId).exit
  }

  /** Ends the command (its whole process group); the terminal and its output stay until release. */
  async kill(terminalId: string): Promise<void> {
    const terminal = this.get(terminalId)
    if (!terminal.exitStatus && terminal.child.pid !== undefined) signalGroup(terminal.child.pid, 'SIGKILL')
    await terminal.exit
  }

  async release(terminalId: string): Promise<void> {
    await this.kill(terminalId)
    this.terminals.delete(terminalId)
  }

  /** Ends every command still running (a client going away). */
  async releaseAll(): Promise<void> {
    await Promise.all([...this.terminals.keys()].map((id) => this.release(id)))
  }

  /** Ids not yet released. */
  open(): string[] {
    return [...this.terminals.keys()]
  }

  private get(terminalId: string): LocalTerminal {
    const terminal = this.terminals.get(terminalId)
    if (!terminal) throw new Error(`unknown terminal "${terminalId}" (never created, or already released)`)
    return terminal
  }
}

/** 0b10xxxxxx: inside a multi-byte UTF-8 character (past the end is no byte at all). */
function isContinuationByte(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0b1100_0000) === 0b1000_0000
}

/** Keeps at most `limit` bytes, dropping from the beginning and never starting inside a character. */
function append(terminal: LocalTerminal, chunk: Buffer): void {
  terminal.chunks.push(chunk)
  terminal.bytes += chunk.length
  if (terminal.limit === undefined || terminal.bytes <= terminal.limit) return
  const all = Buffer.concat(terminal.chunks)
  let start = all.length - terminal.limit
  while (isContinuationByte(all[start])) start++
  terminal.chunks = [all.subarray(start)]
  terminal.bytes = all.length - start
  terminal.truncated = true
}
