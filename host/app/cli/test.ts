import { writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { RunMode } from '../../snapshot/core/fixtures.ts'
import { UsageError, stringList, stringOption, type CliCommand } from './command.ts'
import { compositionOptions } from './composition-options.ts'
import { formatOutcomeLine, formatSummary, suiteReport } from './test-report.ts'

const MODES: RunMode[] = ['replay', 'record', 'refresh']

/** `dsh test`: run the scenarios under <root>/scenarios against the user's composition (as `serve` takes it). */
export const testCommand: CliCommand = {
  name: 'test',
  summary: 'run snapshot scenarios (replay by default; record / refresh rewrite fixtures)',
  positionals: '[name…]',
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
    subprocess: { type: 'boolean', description: 'run the built dsh over real stdio instead of in-process' },
    stub: {
      type: 'boolean',
      description:
        'record against the scripted stub endpoint (host/snapshot/model-scripts/<name>.ts) instead of the real API',
    },
    format: { type: 'string', valueName: 'text|json', description: 'output format (default text)' },
    report: { type: 'string', valueName: 'FILE', description: 'also write the JSON report to FILE' },
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

    const controller = new AbortController()
    const onSignal = () => {
      io.stderr('dsh test: interrupted; finishing the running scenario, then writing a partial report\n')
      controller.abort()
    }
    process.once('SIGINT', onSignal)
    try {
      // Loaded on use: `dsh serve` starts without the test host's modules.
      const { runSuite } = await import('../../snapshot/run/run-suite.ts')
      const { resolveComposition } = await import('../../snapshot/run/composition.ts')
      const root = resolve(stringOption(values, 'root') ?? '.')
      const config = stringOption(values, 'config')
      const composition = resolveComposition({ config, patches: stringList(values, 'patch') }, root, process.cwd())
      const result = await runSuite({
        repoRoot: root,
        composition,
        names: positionals.length ? positionals : undefined,
        mode,
        subprocess: !!values.subprocess,
        stub: !!values.stub,
        timeoutMs,
        signal: controller.signal,
        onStart: (count) => {
          if (format === 'text')
            io.stderr(
              `dsh test: ${count} scenario(s), ${mode} mode, ${values.subprocess ? 'subprocess' : 'in-process'}\n`,
            )
        },
        onResult: (outcome) => {
          if (format === 'text') io.stderr(`${formatOutcomeLine(outcome)}\n`)
        },
      })
      const report = suiteReport(result, mode)
      const reportFile = stringOption(values, 'report')
      if (reportFile) await writeFile(reportFile, `${JSON.stringify(report, null, 2)}\n`)
      if (format === 'json') io.stdout(`${JSON.stringify(report, null, 2)}\n`)
      else io.stderr(`${formatSummary(result)}\n`)
      if (result.interrupted) return 130
      return report.ok ? 0 : 1
    } finally {
      process.off('SIGINT', onSignal)
    }
  },
}
