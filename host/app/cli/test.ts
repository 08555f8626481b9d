import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { signalExitCode, watchRunSignals } from '../../../lib/run-signals.ts'
import type { SuiteResult } from '../../snapshot/run/run.ts'
import { RECORDING_MODES, SUITE_MODES, type SuiteMode } from '../../snapshot/model/modes.ts'
import {
  UsageError,
  paintFor,
  stringList,
  stringOption,
  type CliCommand,
  type CliIO,
  type OptionValues,
} from './command.ts'
import { outputFileOption, scenariosRootOption } from './path-options.ts'
import { testHelp } from './command-help.ts'
import { formatProgressLine, formatStartLine, formatTextReport, suiteReport } from './test-report.ts'
import { writeReportFile } from './test-blob.ts'
import { hostLabel, jobsOption, selectedNames } from './test-selection.ts'
import { relativeInside } from '../../../lib/path-inside.ts'

/** `dsh test`: run the scenarios under <root>/scenarios against the user's composition (as `serve` takes it). */
export const testCommand: CliCommand = {
  ...testHelp,
  async run({ values, positionals }, io) {
    const started = new Date().toISOString()
    const { mode, format, timeoutMs } = testOptions(values)
    const root = scenariosRootOption(values)
    const [reportFile, htmlFile] = [outputFileOption(values, 'report'), outputFileOption(values, 'html')]
    // A foreign ACP agent (--agent-command, dsh.config.yml agent:) runs its own way (docs/foreign-agents.md).
    const { foreignTest } = await import('./test-foreign.ts')
    const foreign = await foreignTest({ root, values, positionals, mode, format, timeoutMs }, io)
    if (foreign !== undefined) return foreign
    const { selection, pins } = await selectionWithPins(root, positionals, values)
    const choice = jobsOption(values, selection.count)
    await warnAboutSchemaReferences(root, selection.names, io)
    const temp = { removeNow: (): string[] => [] }
    const interrupts = watchTestSignals(io, () => temp.removeNow())
    try {
      // Loaded on use: `dsh serve` starts without the test host's modules.
      temp.removeNow = (await import('../../snapshot/fixtures/workspace/temp-cwd.ts')).removeLiveTempDirsNow
      const { runScenarios } = await import('../../snapshot/run/run.ts')
      const progress = new Progress(io, mode, hostLabel(choice, selection.count, !!values.subprocess))
      const result = await runScenarios({
        root,
        config: stringOption(values, 'config'),
        patches: stringList(values, 'patch'),
        names: selection.names,
        mode,
        jobs: choice.jobs,
        subprocess: !!values.subprocess,
        stub: !!values.stub,
        strict: !!values.strict,
        pending: !!values.pending,
        timeoutMs,
        keepSurfaces: !!(reportFile || htmlFile), // only the report files show them
        signal: interrupts.signal,
        onStart: (count, unloaded) => progress.start(count, unloaded),
        // record-missing and record-drifted say what they will record, and why, before they do.
        onPlan: (lines) => io.stderr(`${lines.join('\n')}\n`),
        onResult: (outcome) => progress.result(outcome),
      })
      if (pins) io.stderr(`${(await (await import('./test-pins.ts')).pinChanges(root, pins)).join('\n')}\n`)
      const interruptedBy = interrupts.interruptedBy()
      const report = suiteReport(result, mode, interruptedBy)
      if (reportFile) await writeReportFile({ file: reportFile, root, report, result, mode, interruptedBy, selection })
      const commandLine = ['dsh test', ...argvOf(values, positionals)].join(' ')
      if (htmlFile) await writeHtmlReport(htmlFile, { root, started, commandLine }, result, io)
      io.stdout(
        format === 'json'
          ? `${JSON.stringify(report, null, 2)}\n`
          : formatTextReport(result, paintFor(io, 'stdout'), {
              interruptedBy,
              roots: [root],
              // On one terminal the progress lines already named each scenario: no table again.
              progressShown: !!(io.isTTY?.stdout && io.isTTY?.stderr),
            }),
      )
      if (result.interrupted) return signalExitCode(interruptedBy ?? 'SIGINT')
      return report.ok ? 0 : 1
    } finally {
      interrupts.dispose()
    }
  },
}

/** The selection; with --pins, only its pins, and what they hold before the refresh rewrites them. */
async function selectionWithPins(root: string, positionals: string[], values: OptionValues) {
  const selection = await selectedNames(root, positionals, values)
  const pins = values.pins ? await (await import('./test-pins.ts')).pinSelection(root, selection.names) : undefined
  if (pins) Object.assign(selection, { names: pins.map((pin) => pin.pin), count: pins.length })
  return { selection, pins }
}

/** --mode, --format, --timeout, and the flags that only some modes take. */
function testOptions(values: OptionValues): { mode: SuiteMode; format: 'text' | 'json'; timeoutMs?: number } {
  const mode = (stringOption(values, 'mode') ?? 'replay') as SuiteMode
  if (!SUITE_MODES.includes(mode))
    throw new UsageError(`--mode must be one of ${SUITE_MODES.join(', ')}, got "${mode}"`)
  const format = stringOption(values, 'format') ?? 'text'
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, got "${format}"`)
  const timeout = stringOption(values, 'timeout')
  const timeoutMs = timeout === undefined ? undefined : Number(timeout)
  if (timeoutMs !== undefined && !(timeoutMs > 0))
    throw new UsageError(`--timeout must be a positive number of milliseconds, got "${timeout}"`)
  if (values.stub && !RECORDING_MODES.includes(mode))
    throw new UsageError(`--stub only applies to the record modes (${RECORDING_MODES.join(', ')})`)
  if (values.strict && !RECORDING_MODES.includes(mode))
    throw new UsageError(`--strict only applies to the record modes (${RECORDING_MODES.join(', ')})`)
  if (values.pins && mode !== 'refresh')
    throw new UsageError(`--pins re-pins header classes with --mode refresh (${mode} was given)`)
  if (values.pending && (mode === 'replay' || mode === 'verify-live'))
    throw new UsageError(`--pending applies to --mode refresh or record (${mode} writes nothing)`)
  return { mode, format, timeoutMs }
}

/**
 * The first SIGINT / SIGTERM / SIGHUP lets the running scenario finish (its waits are bounded by
 * --timeout), then the partial report is written and its temp folders are gone. A second one stops
 * at once: a scenario can hang where no timeout reaches, and the user asked twice.
 */
function watchTestSignals(io: CliIO, removeTempDirsNow: () => string[]) {
  return watchRunSignals({
    onFirst: (name) =>
      io.stderr(
        `dsh test: ${name}; finishing the running scenario, then writing a partial report (send it again to stop ` +
          `now)\n`,
      ),
    onRepeat: (name) => {
      const problems = removeTempDirsNow()
      io.stderr(
        `dsh test: ${name} again; stopping now: the running scenario is not finished and no report is written; ` +
          `its temp folders were removed${problems.length ? `, except: ${problems.join('; ')}` : ''}\n`,
      )
      process.exit(signalExitCode(name))
    },
  })
}

/** A scenario copied from dsh's repository keeps schema references that name no file here: say what to write. */
/** A path below the cwd relative to it, any other as it is (`../../tmp/x` says less than `/tmp/x`). */
const shownPath = (file: string) => relativeInside(process.cwd(), file) ?? file

async function warnAboutSchemaReferences(root: string, names: string[] | undefined, io: CliIO): Promise<void> {
  const { brokenSchemaReferences, schemaReferenceWarning } = await import(
    '../../snapshot/scenario/schema-references.ts'
  )
  const { listScenarioNames } = await import('../../snapshot/scenario/select.ts')
  for (const name of names ?? listScenarioNames(root))
    for (const broken of brokenSchemaReferences(join(root, 'scenarios', name)))
      io.stderr(`dsh test: ${schemaReferenceWarning({ ...broken, file: shownPath(broken.file) })}\n`)
}

/** The start line and one line per finished scenario, on stderr. */
class Progress {
  private total = 0
  private done = 0
  private readonly paint

  constructor(
    private readonly io: CliIO,
    private readonly mode: string,
    private readonly host: string,
  ) {
    this.paint = paintFor(io, 'stderr')
  }

  start(count: number, unloaded?: number): void {
    this.total = count
    this.io.stderr(`${formatStartLine(count, this.mode, this.host, unloaded)}\n`)
  }

  result(outcome: Parameters<typeof formatProgressLine>[0]): void {
    this.io.stderr(`${formatProgressLine(outcome, ++this.done, this.total, this.paint)}\n`)
  }
}

/** The HTML report, with each scenario's script and description and when, how and where the run was made. */
async function writeHtmlReport(
  file: string,
  run: { root: string; started: string; commandLine: string },
  result: SuiteResult,
  io: CliIO,
): Promise<void> {
  const { renderHtmlReport } = await import('../../snapshot/report/html-report.ts')
  const { discoverScenarios } = await import('../../snapshot/scenario/discover.ts')
  const { scenarios } = await discoverScenarios(run.root)
  const inputs = Object.fromEntries(scenarios.map((s) => [s.name, s.input]))
  const descriptions = Object.fromEntries(scenarios.map((s) => [s.name, s.manifest.description]))
  const { provenanceLine } = await import('../../snapshot/scenario/provenance-text.ts')
  const provenance = Object.fromEntries(scenarios.map((s) => [s.name, provenanceLine(s.manifest)]))
  const { root, started: date, commandLine } = run
  await writeFile(file, renderHtmlReport({ ...result, inputs, descriptions, provenance, date, commandLine, root }))
  io.stderr(`dsh test: wrote ${file}\n`)
}

/** The command line as the user typed it, near enough for the report: names, then the options given. */
function argvOf(values: Record<string, unknown>, positionals: readonly string[]): string[] {
  const quote = (text: string) => (/^[\w./:@=,-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`)
  const options = Object.entries(values).flatMap(([name, value]) => {
    if (value === true) return [`--${name}`]
    if (typeof value === 'string') return [`--${name}`, quote(value)]
    if (Array.isArray(value)) return value.flatMap((item) => [`--${name}`, quote(String(item))])
    return []
  })
  return [...positionals.map(quote), ...options]
}
