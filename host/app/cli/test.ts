import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { RunMode } from '../../snapshot/core/fixtures.ts'
import { UsageError, paintFor, stringList, stringOption, type CliCommand } from './command.ts'
import { compositionOptions } from './composition-options.ts'
import { formatProgressLine, formatStartLine, formatTextReport, suiteReport } from './test-report.ts'

const MODES: RunMode[] = ['replay', 'record', 'refresh']

/** `dsh test`: run the scenarios under <root>/scenarios against the user's composition (as `serve` takes it). */
export const testCommand: CliCommand = {
  name: 'test',
  summary: 'run snapshot scenarios (replay by default; record / refresh rewrite fixtures)',
  positionals: '[name|glob…]',
  options: {
    root: { type: 'string', valueName: 'DIR', description: 'folder holding scenarios/ (default: the current folder)' },
    config: {
      ...compositionOptions.config,
      description: "composition file (default: cordis.yml in the root folder, else dsh's own)",
    },
    patch: compositionOptions.patch,
    mode: {
      type: 'string',
      valueName: 'replay|record|refresh',
      description: 'replay (default, keyless), record (real model), refresh (keyless, rewrites goldens)',
    },
    pending: {
      type: 'boolean',
      description: 'with record / refresh: write <file>.new beside each fixture that would change, for dsh review',
    },
    subprocess: { type: 'boolean', description: 'run the built dsh over real stdio instead of in-process' },
    stub: {
      type: 'boolean',
      description:
        'record against the scripted stub endpoint (host/snapshot/model-scripts/<name>.ts) instead of the real API',
    },
    shard: { type: 'string', valueName: 'I/N', description: 'run shard I of N (a stable split of the names, for CI)' },
    format: { type: 'string', valueName: 'text|json', description: 'report format on stdout (default text)' },
    report: { type: 'string', valueName: 'FILE', description: 'also write the JSON report to FILE' },
    html: { type: 'string', valueName: 'FILE', description: 'also write a self-contained HTML report to FILE' },
    timeout: { type: 'string', valueName: 'MS', description: 'per-wait timeout in milliseconds (default 10000)' },
  },
  async run({ values, positionals }, io) {
    const mode = (stringOption(values, 'mode') ?? 'replay') as RunMode
    if (!MODES.includes(mode)) throw new UsageError(`--mode must be one of ${MODES.join(', ')}, got "${mode}"`)
    const format = stringOption(values, 'format') ?? 'text'
    if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, got "${format}"`)
    const timeout = stringOption(values, 'timeout')
    const timeoutMs = timeout === undefined ? undefined : Number(timeout)
    if (timeoutMs !== undefined && !(timeoutMs > 0))
      throw new UsageError(`--timeout must be a positive number of milliseconds, got "${timeout}"`)
    if (values.stub && mode !== 'record') throw new UsageError('--stub only applies to --mode record')
    if (values.pending && mode === 'replay')
      throw new UsageError('--pending applies to --mode refresh or record (replay writes nothing)')

    // Loaded on use: `dsh serve` starts without the test host's modules.
    const select = await import('../../snapshot/scenario/select.ts')
    const root = resolve(stringOption(values, 'root') ?? '.')
    const shardText = stringOption(values, 'shard')
    let names: string[] | undefined
    try {
      if (positionals.length || shardText)
        names = select.selectScenarioNames(positionals, select.listScenarioNames(root))
      if (shardText && names) names = select.shardOf(names, select.parseShard(shardText))
    } catch (error) {
      if (error instanceof select.ScenarioSelectionError) throw new UsageError(error.message)
      throw error
    }

    const controller = new AbortController()
    const onSignal = () => {
      io.stderr('dsh test: interrupted; finishing the running scenario, then writing a partial report\n')
      controller.abort()
    }
    process.once('SIGINT', onSignal)
    try {
      const { runSuite } = await import('../../snapshot/run/run-suite.ts')
      const { resolveComposition } = await import('../../snapshot/run/composition.ts')
      const composition = resolveComposition(
        { config: stringOption(values, 'config'), patches: stringList(values, 'patch') },
        root,
        process.cwd(),
      )
      const host = values.subprocess ? 'subprocess' : 'in-process'
      const progress = paintFor(io, 'stderr')
      let total = 0
      let done = 0
      const result = await runSuite({
        repoRoot: root,
        composition,
        names,
        mode,
        subprocess: !!values.subprocess,
        stub: !!values.stub,
        pending: !!values.pending,
        timeoutMs,
        signal: controller.signal,
        onStart: (count) => {
          total = count
          io.stderr(`${formatStartLine(count, mode, host)}\n`)
        },
        onResult: (outcome) => io.stderr(`${formatProgressLine(outcome, ++done, total, progress)}\n`),
      })
      const report = suiteReport(result, mode)
      const reportFile = stringOption(values, 'report')
      if (reportFile) await writeFile(reportFile, `${JSON.stringify(report, null, 2)}\n`)
      const htmlFile = stringOption(values, 'html')
      if (htmlFile) {
        const { renderHtmlReport } = await import('../../snapshot/report/html-report.ts')
        const { discoverScenarios } = await import('../../snapshot/scenario/discover.ts')
        const { scenarios } = await discoverScenarios(root)
        const inputs = Object.fromEntries(scenarios.map((s) => [s.name, s.input]))
        const html = renderHtmlReport({ ...result, inputs })
        await writeFile(htmlFile, html)
        io.stderr(`dsh test: wrote ${htmlFile}\n`)
      }
      io.stdout(
        format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : formatTextReport(result, paintFor(io, 'stdout')),
      )
      if (result.interrupted) return 130
      return report.ok ? 0 : 1
    } finally {
      process.off('SIGINT', onSignal)
    }
  },
}
