// `dsh conformance` as a function: validate everything, run the planned cases, print and
// write the report, and return the exit code. The CLI command only maps flags onto this.
import { stat, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { watchRunSignals, type SignalSource } from '../../lib/run-signals.ts'
import { UsageError } from '../../lib/usage-error.ts'
import type { PermissionMode } from './case-schema.ts'
import { painter } from '../../lib/style.ts'
import { takeSnapshot } from './dir-snapshot.ts'
import { formatDuration, formatStatus, formatText } from './format-text.ts'
import { loadSuite } from './load-suite.ts'
import { exitCodeFor, summarize, type RunReport } from './report.ts'
import { runSuite } from './run-suite.ts'
import { selectCases } from './select.ts'
import { printableStrings, stripTerminalCodes } from './printable.ts'
import { redactAgentCommand, redactCommandMessage } from './redact-secrets.ts'
import { parseAgentCommand, ShellWordsError } from './shell-words.ts'

export interface ConformanceRunOptions {
  agentCommand: string
  profile: string
  caseIds: string[]
  cwd?: string
  permissionMode: PermissionMode
  format: 'text' | 'json'
  /** Always JSON, whatever `format` is (the machine-readable artifact). */
  reportFile?: string
  timeoutScale?: number
  /** --authenticate: send `authenticate` with this method after initialize in every case. */
  authenticate?: string
  /** Cases at a time (default 1); more than one needs per-case temp cwds (no --cwd). */
  jobs?: number
  /** The conformance data folder; default scenarios/conformance of this checkout. */
  suiteDir?: string
  env: NodeJS.ProcessEnv
  stdout(text: string): void
  stderr(text: string): void
  /** Colour per stream (the CLI decides from the terminal and NO_COLOR / FORCE_COLOR); none by default. */
  color?: { stdout?: boolean; stderr?: boolean }
  signals?: SignalSource
  cleanupPhaseMs?: number
}

/** A bad command-line value (the CLI prints usage and exits 2). */
export class ConformanceUsageError extends UsageError {
  override name = 'ConformanceUsageError'
}

export async function runConformance(options: ConformanceRunOptions): Promise<number> {
  const startedAt = new Date()
  const agent = splitCommand(options.agentCommand)
  const suite = await loadSuite(options.suiteDir)
  const planned = selectCases(suite, options.profile, options.caseIds)
  const cwd = await checkedCwd(options)
  const log = (line: string) => options.stderr(`${line}\n`)
  const interrupts = watchInterrupts(options, log)
  let run: Awaited<ReturnType<typeof runSuite>>
  try {
    const progressPaint = painter(!!options.color?.stderr)
    run = await runSuite(planned, {
      agent,
      permissionMode: options.permissionMode,
      ...(cwd !== undefined ? { cwd } : {}),
      env: options.env,
      signal: interrupts.signal,
      timeoutScale: options.timeoutScale,
      ...(options.authenticate !== undefined ? { authenticate: options.authenticate } : {}),
      jobs: options.jobs ?? 1,
      cleanupPhaseMs: options.cleanupPhaseMs,
      onCaseDone: (result, done, total) =>
        log(
          `[${done}/${total}] ${result.id}: ${formatStatus(result.status, progressPaint)} ` +
            `(${formatDuration(result.durationMs)})`,
        ),
    })
  } finally {
    interrupts.dispose()
  }
  const report = buildReport(options, { startedAt, cwd, run, interruptedBy: interrupts.interruptedBy() })
  return writeReport(options, report, log)
}

/** The command as argv; a refusal quotes the line, so its secrets are redacted there too. */
function splitCommand(line: string): ReturnType<typeof parseAgentCommand> {
  try {
    return parseAgentCommand(line)
  } catch (error) {
    if (error instanceof ShellWordsError) throw new ShellWordsError(redactCommandMessage(error.message))
    throw error
  }
}

/** --cwd must be a folder small enough to restore from memory, and cannot be shared by parallel cases. */
async function checkedCwd(options: ConformanceRunOptions): Promise<string | undefined> {
  if (options.cwd === undefined) return undefined
  const cwd = resolve(options.cwd)
  const isFolder = await stat(cwd).then(
    (s) => s.isDirectory(),
    () => false,
  )
  if (!isFolder) throw new ConformanceUsageError(`--cwd ${options.cwd}: not an existing folder`)
  const jobs = options.jobs ?? 1
  if (jobs > 1)
    throw new ConformanceUsageError(
      `--jobs ${jobs} with --cwd: cases running at once would share one folder; drop --cwd (each case then gets its ` +
        `own temp folder) or use --jobs 1`,
    )
  // Each case restores --cwd from a copy in memory: a folder too large for that is refused now.
  await takeSnapshot(cwd).catch((error: Error) => {
    throw new ConformanceUsageError(`--cwd ${options.cwd}: ${error.message}`)
  })
  return cwd
}

// A second signal does not skip cleanup: the runner owns agent processes, and leaving them
// behind is worse than waiting out the cleanup budget.
function watchInterrupts(options: ConformanceRunOptions, log: (line: string) => void) {
  return watchRunSignals({
    source: options.signals,
    onFirst: (name) =>
      log(
        `dsh conformance: ${name}; no new cases, aborting requests in flight, cleaning up, then writing the partial ` +
          `report`,
      ),
    onRepeat: (name, first) =>
      log(
        `dsh conformance: ${name} after ${first}; still cleaning up (agent processes are being stopped within the ` +
          `cleanup budget)`,
      ),
  })
}

interface RunFacts {
  startedAt: Date
  cwd: string | undefined
  run: Awaited<ReturnType<typeof runSuite>>
  interruptedBy: ReturnType<ReturnType<typeof watchRunSignals>['interruptedBy']>
}

/** What is printed and written: secrets in the command, the failures or the agent's stderr are redacted. */
function buildReport(options: ConformanceRunOptions, { startedAt, cwd, run, interruptedBy }: RunFacts): RunReport {
  const report: RunReport = {
    tool: 'dsh conformance',
    reportVersion: 1,
    profile: options.profile,
    ...(options.caseIds.length ? { cases: options.caseIds } : {}),
    agentCommand: redactAgentCommand(options.agentCommand),
    permissionMode: options.permissionMode,
    ...(options.authenticate !== undefined ? { authenticate: options.authenticate } : {}),
    ...(cwd !== undefined ? { cwd } : {}),
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    ...(interruptedBy ? { interruptedBy } : {}),
    ...(run.stoppedEarly ? { stoppedEarly: run.stoppedEarly } : {}),
    ...(run.authMethods ? { authMethods: run.authMethods } : {}),
    results: run.results,
    summary: summarize(run.results),
    exitCode: exitCodeFor(run.results, interruptedBy),
  }
  return { ...printableStrings(report), agentCommand: stripTerminalCodes(report.agentCommand) }
}

/** The JSON report to --report, the chosen format to stdout; a report that cannot be written fails a green run. */
async function writeReport(options: ConformanceRunOptions, report: RunReport, log: (line: string) => void) {
  const json = `${JSON.stringify(report, null, 2)}\n`
  if (options.reportFile) {
    try {
      await writeFile(options.reportFile, json)
    } catch (error) {
      log(`dsh conformance: could not write the report to ${options.reportFile}: ${(error as Error).message}`)
      if (report.exitCode === 0) return 1
    }
  }
  options.stdout(options.format === 'json' ? json : formatText(report, painter(!!options.color?.stdout)))
  return report.exitCode
}
