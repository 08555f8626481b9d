import { writeFile } from 'node:fs/promises'
import type { RunMode } from '../../snapshot/core/fixtures.ts'
import { UsageError, stringOption, type CliCommand } from './command.ts'
import { testHelp } from './command-help.ts'
import { formatOutcomeLine, formatSummary, suiteReport } from './test-report.ts'

const MODES: RunMode[] = ['replay', 'record', 'refresh']

/** `dsh test`: run scenarios from ./scenarios against the composition in ./cordis.yml. */
export const testCommand: CliCommand = {
  ...testHelp,
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
      const result = await runSuite({
        repoRoot: process.cwd(),
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
