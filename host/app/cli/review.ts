// `dsh review`: the pending fixtures `dsh test --mode refresh --pending` wrote, like insta's review:
// scenario by scenario, each pending file with its diff; accept or reject all, those of some
// scenarios, or one by one (a single key at a terminal; "A" takes the rest of the scenario too).
// docs/review.md.
import { plural } from '../../../lib/plural.ts'
import type { PendingFile } from '../../snapshot/review/pending.ts'
import { colourDiff } from './colour-diff.ts'
import { reviewHelp } from './command-help.ts'
import { UsageError, paintFor, type CliCommand, type CliIO } from './command.ts'
import { rootOption } from './path-options.ts'
import { parseReviewAnswer, reviewQuestion, type ReviewChoice } from './review-choice.ts'

type Decision = 'accept' | 'reject'
type Review = typeof import('../../snapshot/review/pending.ts') & {
  gateOf: (scenario: string) => import('../../snapshot/core/secrets/gate.ts').SecretGate
}

export const reviewCommand: CliCommand = {
  ...reviewHelp,
  async run({ values, positionals }, io) {
    if (values.accept && values.reject) throw new UsageError('--accept and --reject exclude each other')
    const review = await import('../../snapshot/review/pending.ts')
    const root = rootOption(values)
    const pending = await selectPending(root, positionals, review.listPending(root))
    if (!pending.length) {
      io.stdout(`dsh review: nothing pending${positionals.length ? ` for ${positionals.join(' ')}` : ''}\n`)
      return 0
    }
    const flag: Decision | undefined = values.accept ? 'accept' : values.reject ? 'reject' : undefined
    const { reviewSecretGates } = await import('../../snapshot/review/secret-gates.ts')
    const tally = await reviewAll({ ...review, gateOf: await reviewSecretGates(root) }, pending, io, flag)
    const hint =
      tally.left && !io.answer && !flag
        ? ' (accept or reject with --accept / --reject [name…], or run dsh review at a terminal)'
        : ''
    const refused = tally.refused ? ` (${tally.refused} refused: see above)` : ''
    io.stdout(`${tally.accepted} accepted, ${tally.rejected} rejected, ${tally.left} still pending${refused}${hint}\n`)
    return tally.refused ? 1 : 0
  },
}

/** The pending files of the named scenarios (names and globs), or all of them. */
async function selectPending(root: string, names: string[], pending: PendingFile[]): Promise<PendingFile[]> {
  if (!names.length) return pending
  const select = await import('../../snapshot/scenario/select.ts')
  // A name that selects nothing is a ScenarioSelectionError: a UsageError (exit 2).
  const selected = select.selectScenarioNames(names, select.listScenarioNames(root))
  return pending.filter((file) => selected.includes(file.scenario))
}

/** Shows every pending file, scenario by scenario, and applies the flag or each answer. */
async function reviewAll(review: Review, pending: PendingFile[], io: CliIO, flag?: Decision) {
  const paint = paintFor(io, 'stdout')
  const tally = { accepted: 0, rejected: 0, left: 0, refused: 0 }
  // Without a flag, answers are read until the input ends; the rest is only listed.
  let answering = !flag && !!io.answer
  let shown = 0
  for (const group of review.pendingByScenario(pending)) {
    const names = group.files.map((file) => file.file.slice(`scenarios/${group.scenario}/`.length)).join(', ')
    io.stdout(
      `${paint('bold', `scenario ${group.scenario}`)}: ${plural(group.files.length, 'pending file')} (${names})\n`,
    )
    let forScenario: Decision | undefined
    for (const file of group.files) {
      const heading = paint('bold', `[${++shown}/${pending.length}] ${file.file}`)
      io.stdout(`${heading}\n${colourDiff(review.pendingDiff(file), paint)}\n\n`)
      let choice: ReviewChoice | undefined = flag ?? forScenario
      if (!choice && answering) {
        choice = await askChoice(io, file)
        if (choice === undefined) answering = false
      }
      if (choice === 'quit') return { ...tally, left: tally.left + pending.length - shown + 1 }
      if (choice === 'accept-scenario' || choice === 'reject-scenario')
        choice = forScenario = choice === 'accept-scenario' ? 'accept' : 'reject'
      const refusal = choice === 'accept' ? await review.acceptPending(file, review.gateOf(file.scenario)) : undefined
      if (choice === 'reject') await review.rejectPending(file)
      if (refusal) io.stderr(`dsh review: ${refusal}\n`)
      if (refusal) tally.refused++
      if (refusal) tally.left++
      else if (choice === 'accept') tally.accepted++
      else if (choice === 'reject') tally.rejected++
      else tally.left++
    }
  }
  return tally
}

/** Asks until the answer names a choice; undefined when the input ended. */
async function askChoice(io: CliIO, file: PendingFile): Promise<ReviewChoice | undefined> {
  for (;;) {
    const answer = await io.answer!(reviewQuestion(file.file, file.scenario))
    if (answer === undefined) return undefined
    const choice = parseReviewAnswer(answer)
    if (choice) return choice
    io.stderr(`dsh review: answer a, r, s, A, R or q (got ${JSON.stringify(answer)})\n`)
  }
}
