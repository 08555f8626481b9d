// One failed scenario on one screen (pure): the cause (what differs and where), the one command to
// run next (next-step.ts, from the scenario's provenance), one diff of the surface that differs,
// and one line for each other failure, so nothing is hidden. Replay's refusal is the cause when
// there is one: the golden and log differences that follow from it are named, not diffed again.
// Failures are data (model/failure.ts): the cause is chosen by kind and built from fields.
import { problemDetail, problemSummary } from '../../../plugins/llm-replay/errors.ts'
import type { DriftClassification, Failure } from '../model/failure.ts'
import { unifiedDiff } from './diff.ts'
import { nextStep, type FailureKind, type NextStep } from './next-step.ts'
import { classificationIn } from './drift-class.ts'
import { plural } from '../../../lib/plural.ts'

interface DigestInput {
  scenario: string
  /** `recording:` from snapshot.yml. */
  recording?: string
  /** Every failure of the run. */
  failures: readonly Failure[]
  /** Absolute folders shown relative (the project root, the run's cwd). */
  roots?: readonly string[]
  front?: 'cli' | 'vitest'
  /** Diff lines shown before the rest is counted. */
  maxDiffLines?: number
}

interface FailureDigest {
  kind: FailureKind
  /** One line: what differs, where. */
  cause: string
  next: NextStep
  /** The one diff shown ('' when the cause says it all). */
  diff: string
  /** One line per other failure (its first line); a file that differs because replay refused is marked so. */
  also: string[]
  /** The committed file whose diff is the cause, when one is (a report shows it side by side instead). */
  file?: string
  /** What a second replay said about the cause (model/failure.ts). */
  classification?: DriftClassification
}

const REPLAY_KINDS: Record<string, FailureKind> = {
  REPLAY_DRIFT: 'drift',
  REPLAY_EXHAUSTED: 'exhausted',
  REPLAY_EXTRA_CALL: 'exhausted',
  REPLAY_PURPOSE: 'drift',
  REPLAY_UNCONSUMED: 'unconsumed',
  REPLAY_EXTRA_SESSION: 'extra-session',
}

const KIND_LABEL: Partial<Record<FailureKind, string>> = {
  drift: 'replay drift',
  exhausted: 'replay script exhausted',
  unconsumed: 'replay script not consumed',
  'extra-session': 'replay has no log for a session',
  'missing-fixture': 'missing fixture',
  'tool-drift': 'tool drift',
}

interface Cause {
  kind: FailureKind
  cause: string
  diff: string
  /** Failures this cause explains (not listed again). */
  covers: readonly Failure[]
  pin?: string
  file?: string
}

export function digestFailures(input: DigestInput): FailureDigest {
  const view = { ...input, roots: input.roots ?? [] }
  const found =
    replayCause(view) ?? toolDriftCause(input.failures) ?? surfaceCause(view) ?? plainCause(input.failures, view.roots)
  const classification = classificationIn(found.covers)
  const next = nextStep({
    scenario: input.scenario,
    recording: input.recording,
    kind: found.kind,
    pin: found.pin,
    front: input.front,
    ...(classification ? { classification } : {}),
  })
  // Replay refused a model call: the transcript and the logs differ because of it.
  const follows = (failure: Failure) => found.kind in KIND_LABEL && failure.kind === 'surface'
  const also = input.failures
    .filter((failure) => !found.covers.includes(failure))
    .map((failure) => `${firstLine(shown(failure, view.roots))}${follows(failure) ? ' (follows from the above)' : ''}`)
  const verdict = classification ? `${classification.verdict}: ` : ''
  const cause = `scenario ${input.scenario}: ${verdict}${found.cause.replace(`scenario ${input.scenario}: `, '')}`
  const diff = capLines(
    [classificationLines(classification), found.diff].filter(Boolean).join('\n'),
    input.maxDiffLines ?? 40,
  )
  return {
    kind: found.kind,
    cause,
    next,
    diff,
    also,
    ...(found.file ? { file: found.file } : {}),
    ...(classification ? { classification } : {}),
  }
}

/** The digest as text: cause, next step, diff, the rest. */
export function formatDigest(digest: FailureDigest): string {
  const lines = [`cause: ${digest.cause}`, `next:  ${digest.next.command}`]
  if (digest.next.note) lines.push(`       (${digest.next.note})`)
  if (digest.diff) lines.push(digest.diff)
  if (digest.also.length) lines.push('also failing:', ...digest.also.map((line) => `  - ${line}`))
  return lines.join('\n')
}

/** Nondeterministic: where the two replays differ, both spans, and the rule to paste, before the diff. */
function classificationLines(classification: DriftClassification | undefined): string {
  if (classification?.verdict !== 'nondeterministic') return ''
  const spans = classification.spans
    ? `two replays differ at ${classification.where}: ${JSON.stringify(classification.spans[0])} then ` +
      `${JSON.stringify(classification.spans[1])}`
    : `two replays differ at ${classification.where}`
  return classification.rule ? `${spans}\n${classification.rule}` : spans
}

/** A failure's words with absolute folders made relative and live ids out: it reads the same on every run. */
function shown(failure: Failure, roots: readonly string[]): string {
  return normalizeText(failure.message, roots)
}

function normalizeText(text: string, roots: readonly string[]): string {
  let out = text
  for (const root of [...roots].sort((a, b) => b.length - a.length)) out = out.split(`${root}/`).join('')
  return out
    .replace(/, live session [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '{{uuid}}')
}

/** A step the agent failed with a replay error (its error's data names the code). */
const isReplayStep = (failure: Failure) => failure.kind === 'step' && !!failure.modelError?.startsWith('REPLAY_')

/** Replay's refusal: its first problem, at the step that met it. */
function replayCause(input: DigestInput & { roots: readonly string[] }): Cause | undefined {
  const verification = input.failures.find((failure) => failure.kind === 'replay')
  const step = input.failures.find(isReplayStep)
  const problem = verification?.kind === 'replay' ? verification.problems[0] : undefined
  const code = problem?.code ?? (step?.kind === 'step' ? step.modelError : undefined)
  if (!code) return undefined
  const kind = REPLAY_KINDS[code] ?? 'other'
  const at = step?.kind === 'step' && step.step ? ` at ${step.step}` : ''
  const where = problem ? normalizeText(problemSummary(problem, input.scenario), input.roots) : firstLine(step!.message)
  const detail = problem ? problemDetail(problem).map((line) => normalizeText(line, input.roots)) : []
  const diff = detail.length ? ['- recorded, + live:', ...detail].join('\n') : ''
  // The step failure and the verification say the same problem: both are covered by the cause.
  const covers = input.failures.filter((failure) => failure === verification || isReplayStep(failure))
  return { kind, cause: `${KIND_LABEL[kind] ?? code}${at}: ${where}`, diff, covers }
}

/** The tools offered to the model changed (core/tool-drift.ts): the recorded script no longer fits. */
function toolDriftCause(failures: readonly Failure[]): Cause | undefined {
  const drift = failures.find((failure) => failure.kind === 'surface' && failure.toolDrift)
  if (drift?.kind !== 'surface' || !drift.toolDrift) return undefined
  const [, ...rest] = drift.message.split('\n')
  const { pin, file } = drift
  return { kind: 'tool-drift', cause: drift.toolDrift, diff: rest.join('\n'), covers: [drift], pin, file }
}

/** A missing fixture, else the first committed file that differs (the golden before logs and sidecars). */
function surfaceCause(input: DigestInput & { roots: readonly string[] }): Cause | undefined {
  const missing = input.failures.find((failure) => failure.kind === 'missing-fixture')
  if (missing?.kind === 'missing-fixture') {
    const kind: FailureKind = /session(\.\d+)?\.jsonl$/.test(missing.file) ? 'missing-fixture' : 'golden'
    return { kind, cause: `${missing.file} is missing: ${missing.reason}`, diff: '', covers: [missing] }
  }
  const mismatch = input.failures.find((failure) => failure.kind === 'surface')
  if (mismatch?.kind !== 'surface') return workspaceCause(input.failures)
  const kind: FailureKind =
    mismatch.surface === 'transcript' ? 'golden' : mismatch.surface === 'session-log' ? 'session-log' : 'sidecar'
  const covers = input.failures.filter((failure) => failure.kind === 'surface' && failure.file === mismatch.file)
  const expected = mismatch.expected ?? ''
  const cause =
    mismatch.expected === undefined
      ? `${mismatch.file} does not exist`
      : `${mismatch.file} differs from the run at line ${firstChangedLine(expected, mismatch.actual)}`
  const diff = unifiedDiff(
    expected,
    normalizeText(mismatch.actual, input.roots),
    { expectedLabel: `${mismatch.file} (expected)`, actualLabel: 'this run (actual)' },
    { maxLines: input.maxDiffLines ?? 40 },
  )
  return { kind, cause, diff, covers, pin: mismatch.pin, file: mismatch.file }
}

function workspaceCause(failures: readonly Failure[]): Cause | undefined {
  const workspace = failures.find((failure) => failure.kind === 'workspace')
  if (workspace?.kind !== 'workspace') return undefined
  const head =
    `the final workspace differs from scenarios/${workspace.scenario}/workspace.expected/ ` +
    `(${plural(workspace.differences.length, 'difference')})`
  const diff = workspace.differences.map((line) => `  - ${line}`).join('\n')
  return { kind: 'workspace', cause: head, diff, covers: [workspace] }
}

/** What a failure of each remaining kind is called, for the next step. */
function plainKind(failure: Failure): FailureKind {
  switch (failure.kind) {
    case 'obsolete':
    case 'duplicate-sidecar':
    case 'log-count':
      return failure.kind
    case 'recording':
      return failure.strict ? 'recording-warnings' : 'other'
    case 'step':
      return failure.modelError === undefined && failure.step !== undefined ? 'step-error' : 'other'
    default:
      return 'other'
  }
}

function plainCause(failures: readonly Failure[], roots: readonly string[]): Cause {
  const first = failures[0]
  if (!first) return { kind: 'other', cause: 'the run failed without a message', diff: '', covers: [] }
  const [head = '', ...rest] = shown(first, roots).split('\n')
  return { kind: plainKind(first), cause: head, diff: rest.join('\n'), covers: [first] }
}

/** A failure's first line, without the diff legend that announced what followed. */
function firstLine(text: string): string {
  const [line = ''] = text.split('\n', 1)
  const legend = ' (- expected, + actual):'
  if (line.endsWith(legend)) return line.slice(0, -legend.length)
  return line.endsWith(':') ? line.slice(0, -1) : line
}

/** 1-based number of the first line where the texts differ. */
function firstChangedLine(a: string, b: string): number {
  let index = 0
  while (index < a.length && index < b.length && a[index] === b[index]) index++
  return a.slice(0, index).split('\n').length
}

/** At most `max` lines; the rest counted, never cut inside a line. */
function capLines(text: string, max: number): string {
  const lines = text.split('\n')
  if (lines.length <= max) return text
  const rest = `… ${plural(lines.length - max, 'more line')} of this diff (in full: --format json or --html)`
  return [...lines.slice(0, max), rest].join('\n')
}
