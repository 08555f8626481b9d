// One failed scenario on one screen (pure): the cause (what differs and where), the one command to
// run next (next-step.ts, from the scenario's provenance), one diff of the surface that differs,
// and one line for each other failure, so nothing is hidden. Replay's refusal is the cause when
// there is one: the golden and log differences that follow from it are named, not diffed again.
import type { SurfaceMismatch } from './assess.ts'
import { unifiedDiff } from './diff.ts'
import { nextStep, type FailureKind, type NextStep } from './next-step.ts'
import { plural } from '../../../lib/plural.ts'

interface DigestInput {
  scenario: string
  /** `recording:` from snapshot.yml. */
  recording?: string
  /** Every failure of the run, in full. */
  failures: readonly string[]
  mismatches: readonly SurfaceMismatch[]
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
}

const REPLAY_KINDS: Record<string, FailureKind> = {
  REPLAY_DRIFT: 'drift',
  REPLAY_EXHAUSTED: 'exhausted',
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
  covers: readonly string[]
  pin?: string
}

export function digestFailures(input: DigestInput): FailureDigest {
  const failures = input.failures.map((failure) => normalizeText(failure, input.roots ?? []))
  const found =
    replayCause(input.scenario, failures) ??
    toolDriftCause(failures) ??
    surfaceCause(input, failures) ??
    plainCause(failures)
  const next = nextStep({
    scenario: input.scenario,
    recording: input.recording,
    kind: found.kind,
    pin: found.pin,
    front: input.front,
  })
  // Replay refused a model call: the transcript and the logs differ because of it.
  const follows = (failure: string) =>
    found.kind in KIND_LABEL && /^scenario \S+: scenarios\/\S+ differs from this run/.test(failure)
  const also = failures
    .filter((failure) => !found.covers.includes(failure))
    .map((failure) => `${firstLine(failure)}${follows(failure) ? ' (follows from the above)' : ''}`)
  const cause = `scenario ${input.scenario}: ${found.cause.replace(`scenario ${input.scenario}: `, '')}`
  return { kind: found.kind, cause, next, diff: capLines(found.diff, input.maxDiffLines ?? 40), also }
}

/** The digest as text: cause, next step, diff, the rest. */
export function formatDigest(digest: FailureDigest): string {
  const lines = [`cause: ${digest.cause}`, `next:  ${digest.next.command}`]
  if (digest.next.note) lines.push(`       (${digest.next.note})`)
  if (digest.diff) lines.push(digest.diff)
  if (digest.also.length) lines.push('also failing:', ...digest.also.map((line) => `  - ${line}`))
  return lines.join('\n')
}

/** Absolute folders as relative paths and live UUIDs out: the same failure reads the same on every run. */
function normalizeText(text: string, roots: readonly string[]): string {
  let out = text
  for (const root of [...roots].sort((a, b) => b.length - a.length)) out = out.split(`${root}/`).join('')
  return out
    .replace(/, live session [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '{{uuid}}')
}

/** A replay refusal: from the numbered verification error, else from the step that failed with it. */
function replayCause(scenario: string, failures: readonly string[]): Cause | undefined {
  const stepFailure = failures.find(isReplayStepFailure)
  const verification = failures.find((failure) => /^\d+\. \[REPLAY_\w+\] /m.test(failure))
  const problem = verification
    ? /^\d+\. \[(REPLAY_\w+)\] ([\s\S]*?)(?=^\d+\. \[REPLAY_|(?![\s\S]))/m.exec(verification)
    : stepFailure && /model error (REPLAY_\w+): ([\s\S]*)/.exec(stepFailure)
  if (!problem) return undefined
  const kind = REPLAY_KINDS[problem[1]!] ?? 'other'
  const [head = '', ...rest] = problem[2]!.trimEnd().split('\n')
  const step = stepFailure && /steps\[\d+\] \([^\n]*?\) failed/.exec(stepFailure)?.[0].replace(/ failed$/, '')
  const where = head.replace(`scenario "${scenario}", `, '').replace(/; - recorded, \+ live:$/, '')
  const cause = `${KIND_LABEL[kind] ?? problem[1]}${step ? ` at ${step}` : ''}: ${where}`
  const diff = rest.length ? ['- recorded, + live:', ...rest].join('\n') : ''
  // The step failure and the verification say the same problem: both are covered by the cause.
  const covers = failures.filter((failure) => failure === verification || isReplayStepFailure(failure))
  return { kind, cause, diff, covers }
}

/** The tools offered to the model changed (core/tool-drift.ts): the recorded script no longer fits. */
function toolDriftCause(failures: readonly string[]): Cause | undefined {
  const drift = failures.find((failure) => /^scenario \S+: tool drift: /.test(failure))
  if (!drift) return undefined
  const [head = '', ...rest] = drift.split('\n')
  const covers = failures.filter((failure) => failure === drift)
  const pin = /, which the pin (\S+) keeps for the header class: /.exec(head)?.[1]
  return { kind: 'tool-drift', cause: head, diff: rest.join('\n'), covers, pin }
}

/** The first committed file that differs (the golden before logs and sidecars), or a missing fixture. */
function surfaceCause(input: DigestInput, failures: readonly string[]): Cause | undefined {
  const missing = failures.find((failure) => / is missing: /.test(failure))
  if (missing) {
    const [, file = ''] = /(scenarios\/\S+) is missing/.exec(missing) ?? []
    const kind: FailureKind = /session(\.\d+)?\.jsonl$/.test(file) ? 'missing-fixture' : 'golden'
    return { kind, cause: firstLine(missing).replace(/; record it: .*$/, ''), diff: '', covers: [missing] }
  }
  const mismatch = input.mismatches[0]
  if (!mismatch) return workspaceCause(failures)
  const kind: FailureKind =
    mismatch.kind === 'transcript' ? 'golden' : mismatch.kind === 'session-log' ? 'session-log' : 'sidecar'
  const covers = failures.filter((failure) => failure.startsWith(`scenario ${input.scenario}: ${mismatch.file} `))
  const expected = mismatch.expected ?? ''
  const line = firstChangedLine(expected, mismatch.actual)
  const cause =
    mismatch.expected === undefined
      ? `${mismatch.file} does not exist`
      : `${mismatch.file} differs from the run at line ${line}`
  const diff = unifiedDiff(
    expected,
    normalizeText(mismatch.actual, input.roots ?? []),
    { expectedLabel: `${mismatch.file} (expected)`, actualLabel: 'this run (actual)' },
    { maxLines: input.maxDiffLines ?? 40 },
  )
  const pin = / belongs to the pin (\S+);/.exec(covers[0] ?? '')?.[1]
  return { kind, cause, diff, covers, pin }
}

function workspaceCause(failures: readonly string[]): Cause | undefined {
  const workspace = failures.find((failure) => / the final workspace differs from /.test(failure))
  if (!workspace) return undefined
  const [head = '', ...rest] = workspace.split('\n')
  const diff = rest.filter((line) => !line.startsWith('workspace.expected/ is never rewritten')).join('\n')
  return { kind: 'workspace', cause: head.replace(/:$/, ''), diff, covers: [workspace] }
}

/** Failures named by their first line. */
const PLAIN_KINDS: ReadonlyArray<readonly [RegExp, FailureKind]> = [
  [/obsolete fixture/, 'obsolete'],
  [/ is identical to scenarios\/\S+; /, 'duplicate-sidecar'],
  [/--strict: nothing written/, 'recording-warnings'],
  [/ session log\(s\), the fixtures hold /, 'log-count'],
  [/ failed with -?\d+/, 'step-error'],
]

function plainCause(failures: readonly string[]): Cause {
  const first = failures[0] ?? 'the run failed without a message'
  const [head = '', ...rest] = first.split('\n')
  const kind = PLAIN_KINDS.find(([pattern]) => pattern.test(head))?.[1] ?? 'other'
  return { kind, cause: head, diff: rest.join('\n'), covers: [first] }
}

/** A step that failed because replay refused the model call (its first line says so). */
function isReplayStepFailure(failure: string): boolean {
  return / failed with -?\d+: model error REPLAY_\w+: /.test(firstLine(failure))
}

/** A failure's first line, without the diff legend that announced what followed. */
function firstLine(text: string): string {
  return text
    .split('\n', 1)[0]!
    .replace(/ \(- expected, \+ actual\):$/, '')
    .replace(/:$/, '')
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
