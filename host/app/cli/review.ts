// `dsh review`: the pending fixtures `dsh test --mode refresh --pending` wrote, like insta's review:
// list them with their diffs; accept or reject all, those of some scenarios, or one by one when a
// person answers at a terminal. docs/review.md.
import { colourDiff } from './colour-diff.ts'
import { reviewHelp } from './command-help.ts'
import { UsageError, paintFor, type CliCommand, type CliIO } from './command.ts'
import { rootOption } from './path-options.ts'

export const reviewCommand: CliCommand = {
  ...reviewHelp,
  async run({ values, positionals }, io) {
    if (values.accept && values.reject) throw new UsageError('--accept and --reject exclude each other')
    const review = await import('../../snapshot/review/pending.ts')
    const select = await import('../../snapshot/scenario/select.ts')
    const root = rootOption(values)
    let pending = review.listPending(root)
    if (positionals.length) {
      let names: string[]
      try {
        names = select.selectScenarioNames(positionals, select.listScenarioNames(root))
      } catch (error) {
        if (error instanceof select.ScenarioSelectionError) throw new UsageError(error.message)
        throw error
      }
      pending = pending.filter((file) => names.includes(file.scenario))
    }
    const paint = paintFor(io, 'stdout')
    if (!pending.length) {
      io.stdout(`dsh review: nothing pending${positionals.length ? ` for ${positionals.join(' ')}` : ''}\n`)
      return 0
    }
    const decide = values.accept ? 'accept' : values.reject ? 'reject' : undefined
    const tally = { accepted: [] as string[], rejected: [] as string[], left: [] as string[] }
    for (const [index, file] of pending.entries()) {
      io.stdout(
        `${paint('bold', `[${index + 1}/${pending.length}] ${file.file}`)}\n` +
          `${colourDiff(review.pendingDiff(file), paint)}\n\n`,
      )
      const choice = decide ?? (io.ask ? await askChoice(io, file.file) : 'skip')
      if (choice === 'quit') {
        tally.left.push(...pending.slice(index).map((p) => p.file))
        break
      }
      if (choice === 'accept') await review.acceptPending(file)
      if (choice === 'reject') await review.rejectPending(file)
      ;(choice === 'accept' ? tally.accepted : choice === 'reject' ? tally.rejected : tally.left).push(file.file)
    }
    io.stdout(
      `${tally.accepted.length} accepted, ${tally.rejected.length} rejected, ${tally.left.length} still pending${
        tally.left.length && !io.ask && !decide
          ? ' (accept or reject with --accept / --reject [name…], or run dsh review at a terminal)'
          : ''
      }\n`,
    )
    return 0
  },
}

async function askChoice(io: CliIO, file: string): Promise<'accept' | 'reject' | 'skip' | 'quit'> {
  for (;;) {
    const answer = (await io.ask!(`${file}: [a]ccept, [r]eject, [s]kip, [q]uit? `)).trim().toLowerCase()
    if (answer === 'a' || answer === 'accept') return 'accept'
    if (answer === 'r' || answer === 'reject') return 'reject'
    if (answer === 's' || answer === 'skip' || answer === '') return 'skip'
    if (answer === 'q' || answer === 'quit') return 'quit'
    io.stderr(`dsh review: answer a, r, s or q (got "${answer}")\n`)
  }
}
