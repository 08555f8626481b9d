// `dsh mutate [FILE…]`: the options read and checked, the run (host/mutate/), the reports written.
// A named input error (host/mutate/errors.ts) exits 2, a corpus failing before any mutant exits 1.
import { writeFile } from 'node:fs/promises'
import { signalExitCode, watchRunSignals } from '../../../lib/run-signals.ts'
import { UsageError, stringList, stringOption, type CliCommand, type OptionValues } from './command.ts'
import { mutateHelp } from './mutate/help.ts'
import { outputFileOption, scenariosRootOption } from './path-options.ts'

function wholeNumber(values: OptionValues, name: string, min: number): number | undefined {
  const text = stringOption(values, name)
  if (text === undefined) return undefined
  if (!/^\d+$/.test(text) || Number(text) < min)
    throw new UsageError(`--${name} must be a whole number of at least ${min}, got "${text}"`)
  return Number(text)
}

export const mutateCommand: CliCommand = {
  ...mutateHelp,
  async run({ values, positionals }, io) {
    const root = scenariosRootOption(values)
    const jsonFile = outputFileOption(values, 'json')
    const htmlFile = outputFileOption(values, 'html')
    const options = {
      root,
      files: positionals,
      config: stringOption(values, 'config'),
      patches: stringList(values, 'patch'),
      sample: wholeNumber(values, 'sample', 1),
      since: stringOption(values, 'since'),
      jobs: wholeNumber(values, 'jobs', 1),
      timeoutMs: wholeNumber(values, 'timeout', 1),
    }
    const interrupts = watchRunSignals({
      onFirst: (name) => io.stderr(`dsh mutate: ${name}; finishing the running mutant, then reporting\n`),
      onRepeat: (name) => process.exit(signalExitCode(name)),
    })
    const started = new Date().toISOString()
    try {
      const { runMutate } = await import('../../mutate/run.ts')
      const { MutateError } = await import('../../mutate/errors.ts')
      const run = await runMutate({
        ...options,
        fresh: !!values['no-cache'],
        signal: interrupts.signal,
        log: (line) => io.stderr(`${line}\n`),
        onResult: (result) =>
          io.stderr(`${result.status.padEnd(10)} ${result.file}:${result.line} ${result.mutator}\n`),
      }).catch((error: unknown) => {
        if (!(error instanceof MutateError)) throw error
        io.stderr(`${error.message}\n`)
        return error.code === 'corpus-fails' || error.code === 'worker-broken' ? 1 : 2
      })
      if (typeof run === 'number') return run
      const { formatMutateText } = await import('../../mutate/report-text.ts')
      if (jsonFile) {
        const { mutateJson } = await import('../../mutate/report-json.ts')
        await writeFile(jsonFile, `${JSON.stringify(mutateJson(run), null, 2)}\n`)
      }
      if (htmlFile) {
        const { renderMutateHtml } = await import('../../mutate/report-html.ts')
        const commandLine = ['dsh mutate', ...process.argv.slice(3)].join(' ')
        await writeFile(htmlFile, renderMutateHtml(run, { date: started, commandLine }))
      }
      io.stdout(formatMutateText(run))
      return run.interrupted ? signalExitCode(interrupts.interruptedBy() ?? 'SIGINT') : 0
    } finally {
      interrupts.dispose()
    }
  },
}
