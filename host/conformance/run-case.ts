// One case, start to finish: a fresh cwd, a fresh agent process, a real ACP client (answers
// permissions, serves confined fs), the steps, the checks, and a verified cleanup.
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { AgentProcess } from '../../lib/process/agent-process.ts'
import { InterruptedError, waitBounded } from './bounded-wait.ts'
import { CASE_MARKER_VAR, newCaseMarker } from './case-marker.ts'
import type { PermissionMode } from './case-schema.ts'
import { connectCaseClient } from './case-client.ts'
import { evaluateCheck } from './checks.ts'
import { stopAgent, type CleanupReport } from './cleanup.ts'
import { CwdLedger } from './cwd-ledger.ts'
import { liveDescendants, mergeRefs, type ProcessRef } from './descendants.ts'
import { TraceRecorder } from './recorder.ts'
import type { CaseResult } from './report.ts'
import type { PlannedCase } from './select.ts'
import type { AgentCommand } from './shell-words.ts'
import { StdoutLineCheck } from './stdout-lines.ts'
import { DEFAULT_TIMEOUTS, errorInfo, runSteps, type CaseTimeouts } from './steps.ts'

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

export interface CaseOutcome {
  result: CaseResult
  /** False when the agent's processes could not be verified gone: launch nothing more. */
  processesGone: boolean
}

const STDERR_TAIL_CHARS = 2000

export async function runCase(planned: PlannedCase, options: CaseRunOptions): Promise<CaseOutcome> {
  const started = Date.now()
  const { case: conformanceCase, required } = planned
  const data = conformanceCase.data
  const scale = options.timeoutScale ?? 1
  const base: CaseTimeouts = { ...DEFAULT_TIMEOUTS, ...data.timeouts }
  const timeouts = Object.fromEntries(
    Object.entries(base).map(([key, ms]) => [key, ms * scale]),
  ) as unknown as CaseTimeouts
  const mode = data.permissionMode ?? options.permissionMode
  const failures: string[] = []
  let interrupted = false

  const root = options.cwd ?? (await mkdtemp(join(tmpdir(), `dsh-conformance-${conformanceCase.id}-`)))
  const ledger = new CwdLedger(root, options.cwd === undefined)
  const recorder = new TraceRecorder(root)
  const trace = recorder.trace
  let agent: AgentProcess | undefined
  let connection: acp.ClientConnection | undefined
  let releaseTerminals = async () => {}
  let descendants: ProcessRef[] = []
  const marker = newCaseMarker(conformanceCase.id)
  // Waits end at once when the run is interrupted (reason: the signal's name) or when the
  // agent breaks the stdio framing (reason: the error that fails the case).
  const caseAbort = new AbortController()
  const stopOnInterrupt = () => caseAbort.abort(options.signal.reason)
  if (options.signal.aborted) stopOnInterrupt()
  else options.signal.addEventListener('abort', stopOnInterrupt, { once: true })
  let stdoutProblem: string | undefined
  const stdoutCheck = new StdoutLineCheck((problem) => {
    stdoutProblem = problem
    caseAbort.abort(new Error(problem))
  })
  const signal = caseAbort.signal

  try {
    await ledger.begin()
    for (const [path, content] of Object.entries(data.files ?? {}))
      await ledger.write(path, content, { refuseExisting: !ledger.temporary })
    agent = new AgentProcess({
      command: options.agent.command,
      args: options.agent.args,
      // The agent runs where the runner runs (its command may use relative paths); the
      // case cwd reaches it through session/new, as with any editor.
      cwd: process.cwd(),
      env: { ...options.env, ...options.agent.env, [CASE_MARKER_VAR]: marker },
      shutdownPhaseMs: options.cleanupPhaseMs ?? 2000,
    })
    agent.child.stdout!.on('data', (chunk: Buffer) => stdoutCheck.push(chunk))
    agent.child.stdout!.on('end', () => stdoutCheck.end())
    await waitBounded(agent.spawned, timeouts.startMs, 'the agent process to start (startMs)', signal).catch(
      (error: Error) => {
        if (signal.aborted || error.name === 'WaitTimeoutError') throw error
        throw new Error(
          `${error.message}; check --agent-command: the program must be on PATH or given as a path, and no shell is ` +
            `used`,
        )
      },
    )
    const client = connectCaseClient(agent, recorder, ledger, mode, data.client)
    releaseTerminals = client.releaseTerminals
    connection = client.connection

    const initialize = connection.agent.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION,
      clientCapabilities: client.capabilities,
      clientInfo: { name: 'dsh-conformance', version: '1' },
    })
    trace.initialize = await waitBounded(
      initialize.then(
        (result) => ({ kind: 'ok' as const, result }),
        (error) => ({ kind: 'error' as const, error: errorInfo(error) }),
      ),
      timeouts.startMs,
      'the response to initialize (startMs)',
      signal,
    )
    if (trace.initialize.kind === 'error')
      throw new Error(
        `initialize failed with ${trace.initialize.error.code ?? 'no code'}: ${trace.initialize.error.message}`,
      )
    if (agent.child.pid !== undefined) descendants = liveDescendants(agent.child.pid)

    await runSteps(data.steps, {
      agent: connection.agent,
      recorder,
      timeouts,
      signal,
      expectedErrors: new Set(data.checks.flatMap((c) => (c.check === 'error' ? [c.step] : []))),
      beforeCancel: client.releaseHeld,
    })

    for (const check of data.checks) {
      if (check.check !== 'workspaceFile') continue
      const real = await ledger.resolveInside(check.path)
      trace.workspace.set(
        check.path,
        real === undefined ? undefined : await readFile(real, 'utf8').catch(() => undefined),
      )
    }
    data.checks.forEach((check, index) => {
      const problem = evaluateCheck(check, trace)
      if (problem) failures.push(`checks[${index}] (${check.check}): ${problem}`)
    })
  } catch (error) {
    interrupted = error instanceof InterruptedError
    const message = (error as Error).message
    if (message !== stdoutProblem) {
      // A closed connection usually means the agent died; its exit event may still be on the way.
      if (!interrupted && agent) await Promise.race([agent.exited, new Promise((r) => setTimeout(r, 300))])
      failures.push(`${message}${interrupted ? '' : agentDiedNote(agent)}`)
    }
  }
  options.signal.removeEventListener('abort', stopOnInterrupt)

  // Cleanup always runs, interrupted or not: descendants seen late count too.
  if (agent?.child.pid !== undefined && agent.child.exitCode === null) {
    descendants = mergeRefs(descendants, liveDescendants(agent.child.pid))
  }
  connection?.close()
  await releaseTerminals()
  const cleanup: CleanupReport = await stopAgent(agent, { descendants, marker }, options.cleanupPhaseMs ?? 2000)
  cleanup.problems.push(...(await ledger.cleanup()))
  // Read after cleanup: the agent's whole stdout, up to its exit, has been seen.
  if (stdoutProblem !== undefined) failures.unshift(stdoutProblem)
  failures.push(...cleanup.problems.map((p) => `cleanup: ${p}`))

  const status = interrupted ? 'interrupted' : failures.length ? 'fail' : 'pass'
  const stderr = agent?.stderr() ?? ''
  return {
    processesGone: cleanup.processesGone,
    result: {
      id: conformanceCase.id,
      file: conformanceCase.file,
      title: data.title,
      spec: data.spec,
      required,
      status,
      durationMs: Date.now() - started,
      failures,
      warnings: [],
      cleanup,
      ...(status !== 'pass' && stderr
        ? { agentStderr: stderr.length > STDERR_TAIL_CHARS ? `…${stderr.slice(-STDERR_TAIL_CHARS)}` : stderr }
        : {}),
    },
  }
}

/** When the agent is gone, that is the likeliest cause of whatever failed: say so. */
function agentDiedNote(agent: AgentProcess | undefined): string {
  const child = agent?.child
  if (!child || child.pid === undefined || (child.exitCode === null && child.signalCode === null)) return ''
  const how = child.signalCode ? `was killed by ${child.signalCode}` : `exited with code ${child.exitCode}`
  const stderr = agent!.stderr().trim().split('\n').slice(-3).join(' | ')
  const said = stderr ? `; its stderr ends with: ${stderr.slice(-400)}` : ' and wrote nothing to stderr'
  return ` (the agent process ${how}${said})`
}
