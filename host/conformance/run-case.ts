// One case, start to finish: a fresh cwd, a fresh agent process, a real ACP client (answers
// permissions, serves confined fs), the steps, the checks, and a verified cleanup. A class with
// a method per phase; after a failed step the checks are still judged (those the steps that ran
// can answer; the rest are reported not reached), and cleanup always runs.
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import type { AgentProcess } from '../../lib/process/agent-process.ts'
import { ScriptStepFailure } from '../../lib/acp-script/outcome.ts'
import { type AuthAttempt, authStop, type AuthStop } from './auth-gate.ts'
import { InterruptedError, waitBounded } from './bounded-wait.ts'
import { caseResult } from './case-result.ts'
import { judgeChecks } from './check-reach.ts'
import { withErrorData } from './check-text.ts'
import { CaseFence, outsideWriteRequests } from './case-fence.ts'
import { spawnCaseAgent } from './case-agent.ts'
import { newCaseMarker } from './case-marker.ts'
import type { PermissionMode } from './case-schema.ts'
import { type CaseClient, connectCaseClient } from './case-client.ts'
import { stopAgent, type CleanupReport } from './cleanup.ts'
import { agentDiedNote, notStartedReason } from './start-failure.ts'
import { CwdLedger } from './cwd-ledger.ts'
import { CaseSessionsRoot } from './case-sessions-root.ts'
import { duplicateAnswers } from './duplicate-answers.ts'
import { liveDescendants, mergeRefs, type ProcessRef } from './descendants.ts'
import { TraceRecorder } from './recorder.ts'
import type { CaseResult, NotReachedCheck } from './report.ts'
import { NotApplicableError } from './requires.ts'
import type { PlannedCase } from './select.ts'
import type { AgentCommand } from './shell-words.ts'
import { StderrHead } from './stderr-excerpt.ts'
import { StdoutGuard } from './stdout-guard.ts'
import { runSteps, scaledTimeouts, type CaseTimeouts } from './steps.ts'

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
  /** --authenticate: this auth method is sent after initialize in every case. */
  authenticate?: string
}

interface CaseOutcome {
  result: CaseResult
  /** False when the agent's processes could not be verified gone: launch nothing more. */
  processesGone: boolean
  /** Set when the agent never answered initialize: the same command cannot start for any later case either. */
  agentNotStarted?: string
  /** Set when the agent asked for authentication: later cases would fail the same way. */
  authRequired?: AuthStop
}
export function runCase(planned: PlannedCase, options: CaseRunOptions): Promise<CaseOutcome> {
  return new CaseRun(planned, options).run()
}

class CaseRun {
  private readonly started = Date.now()
  private readonly data: PlannedCase['case']['data']
  private readonly timeouts: CaseTimeouts
  private readonly failures: string[] = []
  private notReached: NotReachedCheck[] = []
  private interrupted = false
  private notApplicable: string | undefined
  /** Set when a step failed: judge only the checks the steps that ran can answer. */
  private stepFailed = false
  private readonly auth: AuthAttempt | undefined
  private readonly stderrHead = new StderrHead()
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
  private readonly stdout = new StdoutGuard(
    (problem) => this.caseAbort.abort(new Error(problem)),
    () => this.recorder.trace.wire.length,
  )

  constructor(
    private readonly planned: PlannedCase,
    private readonly options: CaseRunOptions,
  ) {
    this.data = planned.case.data
    this.timeouts = scaledTimeouts(this.data.timeouts, options.timeoutScale ?? 1)
    this.marker = newCaseMarker(planned.case.id)
    this.auth = options.authenticate !== undefined ? { methodId: options.authenticate } : undefined
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
    } catch (error) {
      await this.fail(error as Error)
    }
    // Judged after a failed step too; a check phase that throws (a workspace it cannot read) fails the case.
    if (!this.interrupted && this.notApplicable === undefined)
      await this.check().catch((error: Error) => this.fail(error))
    this.options.signal.removeEventListener('abort', this.stopOnInterrupt)
    // Whether the agent ended by itself is read before cleanup stops it (closing stdin ends most agents).
    const child = this.agent?.child
    const ranUntilCleanup = child?.pid !== undefined && child.exitCode === null && child.signalCode === null
    const cleanup = await this.cleanup()
    const result = this.result(cleanup)
    const initialized = this.recorder.trace.initialize?.kind === 'ok'
    const stopped = ranUntilCleanup ? cleanup : undefined
    const notStarted = notStartedReason(result, initialized, this.agent, stopped, this.stderrHead.text())
    const auth = result.status === 'fail' ? authStop(result.id, this.recorder.trace, this.auth) : undefined
    return {
      processesGone: cleanup.processesGone,
      result,
      ...(notStarted ? { agentNotStarted: notStarted } : {}),
      ...(auth ? { authRequired: auth } : {}),
    }
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
    const env = { ...this.options.env, ...this.sessionsRoot.env, ...command.env }
    const agent = spawnCaseAgent(command, env, this.marker, this.options.cleanupPhaseMs ?? 2000)
    this.agent = agent
    agent.child.stdout!.on('data', (chunk: Buffer) => this.stdout.push(chunk))
    agent.child.stdout!.on('end', () => this.stdout.end())
    agent.child.stderr!.on('data', (chunk: Buffer) => this.stderrHead.push(chunk))
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
      expectedErrors: new Set(
        this.data.checks.flatMap((c) => (c.check === 'error' || c.check === 'configOptionError' ? [c.step] : [])),
      ),
      ...(this.data.requires ? { requires: this.data.requires } : {}),
      ...(this.auth ? { auth: this.auth } : {}),
      beforeCancel: client.releaseHeld,
      questions: client.questions,
      afterInitialize: () => {
        if (pid !== undefined) this.descendants = liveDescendants(pid)
      },
    })
  }

  /** Reads what workspaceFile checks look at, then judges the checks the steps that ran can answer. */
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
    // The step the case stopped in (or before: the next one, when it stopped between steps).
    const unfinished = trace.steps.find((s) => s.endSeq === undefined)
    const stoppedAt = this.stepFailed ? (unfinished?.index ?? trace.steps.length) : undefined
    const judged = judgeChecks(this.data.checks, this.data.steps, trace, stoppedAt)
    this.failures.push(...judged.failures)
    this.notReached = judged.notReached
  }

  private async fail(error: Error): Promise<void> {
    this.interrupted = error instanceof InterruptedError
    if (error instanceof NotApplicableError) {
      this.notApplicable = error.message
      return
    }
    this.stepFailed = true
    if (error.message === this.stdout.problem) return
    // A closed connection usually means the agent died; its exit event may still be on the way.
    if (!this.interrupted && this.agent) await Promise.race([this.agent.exited, new Promise((r) => setTimeout(r, 300))])
    const message = error instanceof ScriptStepFailure ? withErrorData(error.message, error.error) : error.message
    this.failures.push(`${message}${this.interrupted ? '' : agentDiedNote(this.agent)}`)
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
    if (this.stdout.problem !== undefined) this.failures.unshift(this.stdout.problem)
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
    return caseResult({
      planned: this.planned,
      durationMs: Date.now() - this.started,
      interrupted: this.interrupted,
      ...(this.notApplicable !== undefined ? { notApplicable: this.notApplicable } : {}),
      failures: this.failures,
      notReached: this.notReached,
      cleanup,
      stderr: { head: this.stderrHead.text(), tail: this.agent?.stderr() ?? '', totalBytes: this.stderrHead.total },
      trace: this.recorder.trace,
    })
  }
}
