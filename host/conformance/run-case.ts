// One case, start to finish: a fresh cwd, a fresh agent process, a real ACP client (answers
// permissions, serves confined fs), the steps, the checks, and a verified cleanup. A class with
// a method per phase; every phase after the first failure is skipped except cleanup.
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { AgentProcess } from '../../lib/process/agent-process.ts'
import { InterruptedError, waitBounded } from './bounded-wait.ts'
import { CaseFence, outsideWriteRequests } from './case-fence.ts'
import { CASE_MARKER_VAR, newCaseMarker } from './case-marker.ts'
import type { PermissionMode } from './case-schema.ts'
import { type CaseClient, connectCaseClient } from './case-client.ts'
import { evaluateCheck } from './checks.ts'
import { stopAgent, type CleanupReport } from './cleanup.ts'
import { agentDiedNote, notStartedReason } from './start-failure.ts'
import { CwdLedger } from './cwd-ledger.ts'
import { CaseSessionsRoot } from './case-sessions-root.ts'
import { duplicateAnswers } from './duplicate-answers.ts'
import { liveDescendants, mergeRefs, type ProcessRef } from './descendants.ts'
import { TraceRecorder } from './recorder.ts'
import type { CaseResult } from './report.ts'
import type { PlannedCase } from './select.ts'
import type { AgentCommand } from './shell-words.ts'
import { StdoutLineCheck } from './stdout-lines.ts'
import { DEFAULT_TIMEOUTS, runSteps, type CaseTimeouts } from './steps.ts'
import { plural } from '../../lib/plural.ts'

export interface CaseRunOptions {
  agent: AgentCommand
  /** Used unless the case sets its own permissionMode. */
  permissionMode: PermissionMode
  /** A fixed cwd for every case (--cwd); otherwise each case gets a fresh temp folder. */
  cwd?: string
  /** Environment for the agent (plus the command's own NAME=value words and the case marker). */
  env: NodeJS.ProcessEnv
  /** Aborted (with the signal's name as reason) when the run is interrupted. */
  signal: AbortSignal
  /** Per shutdown phase (stdin EOF, SIGTERM, SIGKILL); the whole cleanup stays within about 4×. */
  cleanupPhaseMs?: number
  /** Scales every case timeout (e.g. 3 for a slow real model). */
  timeoutScale?: number
}

interface CaseOutcome {
  result: CaseResult
  /** False when the agent's processes could not be verified gone: launch nothing more. */
  processesGone: boolean
  /** Set when the agent never answered initialize: the same command cannot start for any later case either. */
  agentNotStarted?: string
}

const STDERR_TAIL_CHARS = 2000
/**
 * What one case may read from the agent's stdout. A case's exchange is small (the largest corpus
 * case is well under 1 MiB); past this the agent is flooding, and the case stops at once instead of
 * recording messages until its timeout (it grew the runner ~14 MB/s).
 */
const MAX_CASE_STDOUT_BYTES = 16 * 1024 * 1024

export function runCase(planned: PlannedCase, options: CaseRunOptions): Promise<CaseOutcome> {
  return new CaseRun(planned, options).run()
}

class CaseRun {
  private readonly started = Date.now()
  private readonly data: PlannedCase['case']['data']
  private readonly timeouts: CaseTimeouts
  private readonly failures: string[] = []
  private interrupted = false
  private ledger!: CwdLedger
  private fence: CaseFence | undefined
  private sessionsRoot: CaseSessionsRoot | undefined
  private recorder!: TraceRecorder
  private agent: AgentProcess | undefined
  private client: CaseClient | undefined
  private descendants: ProcessRef[] = []
  private readonly marker: string
  /**
   * Waits end at once when the run is interrupted (reason: the signal's name) or when the agent
   * breaks the stdio framing (reason: the error that fails the case).
   */
  private readonly caseAbort = new AbortController()
  private readonly stopOnInterrupt = () => this.caseAbort.abort(this.options.signal.reason)
  private stdoutProblem: string | undefined
  private readonly stdoutCheck = new StdoutLineCheck((problem) => this.stopForStdout(problem))
  private stdoutBytes = 0

  constructor(
    private readonly planned: PlannedCase,
    private readonly options: CaseRunOptions,
  ) {
    this.data = planned.case.data
    const scale = options.timeoutScale ?? 1
    const base: CaseTimeouts = { ...DEFAULT_TIMEOUTS, ...this.data.timeouts }
    this.timeouts = {
      startMs: base.startMs * scale,
      requestMs: base.requestMs * scale,
      updateMs: base.updateMs * scale,
      settleMs: base.settleMs * scale,
    }
    this.marker = newCaseMarker(planned.case.id)
  }

  /** The agent broke the stdio framing or flooded it: the case fails with this problem and stops now. */
  private stopForStdout(problem: string): void {
    if (this.stdoutProblem !== undefined) return
    this.stdoutProblem = problem
    this.caseAbort.abort(new Error(problem))
  }

  private countStdout(chunk: Buffer): void {
    this.stdoutBytes += chunk.length
    if (this.stdoutBytes <= MAX_CASE_STDOUT_BYTES) return
    const messages = this.recorder.trace.wire.length
    this.stopForStdout(
      `flooding: the agent wrote more than ${MAX_CASE_STDOUT_BYTES} bytes (16 MiB) to stdout in this case ` +
        `(${plural(messages, 'message')} recorded); the case was stopped early. A conformance exchange is small: ` +
        'look for a loop that sends updates without end',
    )
  }

  private get signal(): AbortSignal {
    return this.caseAbort.signal
  }

  async run(): Promise<CaseOutcome> {
    this.fence = this.options.cwd === undefined ? await CaseFence.create(this.planned.case.id) : undefined
    const root = this.options.cwd ?? this.fence!.cwd
    this.ledger = new CwdLedger(root, this.options.cwd === undefined)
    this.recorder = new TraceRecorder(root)
    if (this.options.signal.aborted) this.stopOnInterrupt()
    else this.options.signal.addEventListener('abort', this.stopOnInterrupt, { once: true })
    try {
      await this.seed()
      this.client = await this.start()
      await this.play(this.client)
      await this.check()
    } catch (error) {
      await this.fail(error as Error)
    }
    this.options.signal.removeEventListener('abort', this.stopOnInterrupt)
    // Whether the agent ended by itself is read before cleanup stops it (closing stdin ends most agents).
    const child = this.agent?.child
    const ranUntilCleanup = child?.pid !== undefined && child.exitCode === null && child.signalCode === null
    const cleanup = await this.cleanup()
    const result = this.result(cleanup)
    const initialized = this.recorder.trace.initialize?.kind === 'ok'
    const notStarted = notStartedReason(result, initialized, this.agent, ranUntilCleanup ? cleanup : undefined)
    return { processesGone: cleanup.processesGone, result, ...(notStarted ? { agentNotStarted: notStarted } : {}) }
  }

  private async seed(): Promise<void> {
    await this.ledger.begin()
    for (const [path, content] of Object.entries(this.data.files ?? {}))
      await this.ledger.write(path, content, { refuseExisting: !this.ledger.temporary })
  }

  /** Starts the agent without a shell and connects the case's client to it. */
  private async start(): Promise<CaseClient> {
    const command = this.options.agent
    this.sessionsRoot = await CaseSessionsRoot.create(this.planned.case.id, this.options.env, command.env)
    const agent = new AgentProcess({
      command: command.command,
      args: command.args,
      // The agent runs where the runner runs (its command may use relative paths); the
      // case cwd reaches it through session/new, as with any editor.
      cwd: process.cwd(),
      env: { ...this.options.env, ...this.sessionsRoot.env, ...command.env, [CASE_MARKER_VAR]: this.marker },
      shutdownPhaseMs: this.options.cleanupPhaseMs ?? 2000,
      // The client reads stdout; only stderr's tail goes into the report.
      keepStdout: false,
      stderrTailBytes: 64 * 1024,
      // A runner killed outright (kill -9) still takes the agent's group and marked processes with it.
      lifeline: { marker: { name: CASE_MARKER_VAR, value: this.marker } },
    })
    this.agent = agent
    agent.child.stdout!.on('data', (chunk: Buffer) => {
      this.countStdout(chunk)
      this.stdoutCheck.push(chunk)
    })
    agent.child.stdout!.on('end', () => this.stdoutCheck.end())
    const signal = this.signal
    await waitBounded(agent.spawned, this.timeouts.startMs, 'the agent process to start (startMs)', signal).catch(
      (error: Error) => {
        if (signal.aborted || error.name === 'WaitTimeoutError') throw error
        throw new Error(
          `${error.message}; check --agent-command: the program must be on PATH or given as a path, and no shell is ` +
            `used`,
        )
      },
    )
    const mode = this.data.permissionMode ?? this.options.permissionMode
    return connectCaseClient(agent, this.recorder, this.ledger, mode, this.data.client)
  }

  private async play(client: CaseClient): Promise<void> {
    const pid = this.agent?.child.pid
    await runSteps(this.data.steps, {
      agent: client.connection.agent,
      recorder: this.recorder,
      timeouts: this.timeouts,
      signal: this.signal,
      capabilities: client.capabilities,
      // Cases are files in cases/; the MCP servers they name live beside, in the suite's mcp-servers/.
      suiteDir: resolve(dirname(this.planned.case.file), '..'),
      expectedErrors: new Set(this.data.checks.flatMap((c) => (c.check === 'error' ? [c.step] : []))),
      beforeCancel: client.releaseHeld,
      questions: client.questions,
      afterInitialize: () => {
        if (pid !== undefined) this.descendants = liveDescendants(pid)
      },
    })
  }

  /** Reads what workspaceFile checks look at, then runs every check on the trace. */
  private async check(): Promise<void> {
    const trace = this.recorder.trace
    for (const check of this.data.checks) {
      if (check.check !== 'workspaceFile') continue
      const real = await this.ledger.resolveInside(check.path)
      trace.workspace.set(
        check.path,
        real === undefined ? undefined : await readFile(real, 'utf8').catch(() => undefined),
      )
    }
    this.data.checks.forEach((check, index) => {
      const problem = evaluateCheck(check, trace)
      if (problem) this.failures.push(`checks[${index}] (${check.check}): ${problem}`)
    })
  }

  private async fail(error: Error): Promise<void> {
    this.interrupted = error instanceof InterruptedError
    if (error.message === this.stdoutProblem) return
    // A closed connection usually means the agent died; its exit event may still be on the way.
    if (!this.interrupted && this.agent) await Promise.race([this.agent.exited, new Promise((r) => setTimeout(r, 300))])
    this.failures.push(`${error.message}${this.interrupted ? '' : agentDiedNote(this.agent)}`)
  }

  /** Always runs, interrupted or not: descendants seen late count too. */
  private async cleanup(): Promise<CleanupReport> {
    const child = this.agent?.child
    if (child?.pid !== undefined && child.exitCode === null)
      this.descendants = mergeRefs(this.descendants, liveDescendants(child.pid))
    this.client?.connection.close()
    await this.client?.releaseTerminals()
    const refs = { descendants: this.descendants, marker: this.marker }
    const cleanup = await stopAgent(this.agent, refs, this.options.cleanupPhaseMs ?? 2000)
    cleanup.problems.push(...(await this.ledger.cleanup()), ...((await this.sessionsRoot?.cleanup()) ?? []))
    // Read after cleanup: the agent's whole stdout, up to its exit, has been seen, and it writes no more.
    if (this.stdoutProblem !== undefined) this.failures.unshift(this.stdoutProblem)
    const { wire, fileOps } = this.recorder.trace
    this.failures.push(
      ...duplicateAnswers(wire),
      ...outsideWriteRequests(fileOps),
      ...((await this.fence?.close()) ?? []),
    )
    this.failures.push(...cleanup.problems.map((p) => `cleanup: ${p}`))
    return cleanup
  }

  private result(cleanup: CleanupReport): CaseResult {
    const { id, file } = this.planned.case
    const status = this.interrupted ? 'interrupted' : this.failures.length ? 'fail' : 'pass'
    const stderr = this.agent?.stderr() ?? ''
    return {
      id,
      file,
      title: this.data.title,
      spec: this.data.spec,
      required: this.planned.required,
      status,
      durationMs: Date.now() - this.started,
      failures: this.failures,
      warnings: [],
      cleanup,
      ...(status !== 'pass' && stderr
        ? { agentStderr: stderr.length > STDERR_TAIL_CHARS ? `…${stderr.slice(-STDERR_TAIL_CHARS)}` : stderr }
        : {}),
    }
  }
}
