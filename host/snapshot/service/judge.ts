// Judge one run. observeRun normalizes both surfaces, compares the final workspace and loads the
// committed side; judgeRun plans the judgement (core/judge-plan.ts, the plan vitest judges from
// too), assesses it the CLI's way and in record / refresh mode rewrites what the assessment says
// to — or, with `pending`, writes `<file>.new` copies for `dsh review`.
import { realpathSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { plural } from '../../../lib/plural.ts'
import { assessRun } from '../core/assess.ts'
import { type Failure, failure } from '../model/failure.ts'
import { type JudgePlan, planJudgement } from '../core/judge-plan.ts'
import { failedToolCalls, placeholdersLeft } from '../core/recording-warnings.ts'
import type { ExpectedFixtures } from '../core/fixtures.ts'
import type { RunMode } from '../model/modes.ts'
import { normalizeRun, type NormalizedRun } from '../core/normalize/run.ts'
import { applyNormalizeRules } from '../core/normalize/user-rules.ts'
import type { AppliedRule } from '../model/applied-rule.ts'
import type { RawCapture } from '../fixtures/capture.ts'
import type { PreparedRun } from '../fixtures/prepare.ts'
import { checkFixtureSync } from '../io/safe-fixture-io.ts'
import { compareWorkspace, workspaceFailure } from '../fixtures/workspace/compare.ts'
import { shareIdenticalSidecars } from '../fixtures/share-sidecars.ts'
import { removeObsoleteFixtures, writeAssessment } from '../fixtures/write-fixtures.ts'
import { localIdentity } from '../../../lib/secrets/identity.ts'
import { toRedactions } from '../../../lib/secrets/redact.ts'
import { manifestFileOf, redactRun, scenarioSecretGate, secretRefusal } from '../core/secrets/gate.ts'
import type { LoadedScenario } from '../scenario/discover.ts'

interface JudgeOptions {
  repoRoot: string
  corpus: readonly LoadedScenario[]
  mode: RunMode
  /** record / refresh: write `<file>.new` beside each fixture that would change instead (docs/review.md). */
  pending?: boolean
  /** record: a recording with warnings (failed tool calls, scaffold placeholders) writes nothing. */
  strict?: boolean
}

declare module '../model/outcome.ts' {
  interface ScenarioOutcome {
    /** The observed run (normalized surfaces, committed fixtures), for judges of their own (vitest); in
     * process only (run/kept-outcome.ts drops it before an outcome crosses to another process). */
    execution?: ScenarioExecution
  }
}

/** A run observed, not yet judged. */
export interface ScenarioExecution {
  /** What went wrong in the run itself (a step, replay, the process, normalizing): fixtures are never written then. */
  runFailures: Failure[]
  /** The final cwd against workspace.expected/ (a judged surface, not a run failure). */
  workspaceFailures: Failure[]
  /** Undefined when the output could not be normalized (runFailures says why). */
  normalized?: NormalizedRun
  expected: ExpectedFixtures
  /** Replay: the secret scan of the committed fixtures it read (vitest `-u` scans what it writes instead). */
  committedSecrets?: Failure[]
  /** The surfaces the scenario owns against its files, planned once for every front end (with `normalized`). */
  plan?: JudgePlan
  /** The `normalize:` rules this run went through and how many places each changed (the report shows them). */
  normalizedBy?: AppliedRule[]
}

interface Judgement {
  failures: Failure[]
  /** record: what the recording should not quietly keep (core/recording-warnings.ts). */
  warnings: string[]
  written: string[]
  surfaces?: { transcript: string[]; sessionLogs: string[] }
  execution: ScenarioExecution
}

async function observeRun(
  prepared: PreparedRun,
  capture: RawCapture,
  options: Pick<JudgeOptions, 'repoRoot' | 'corpus'>,
): Promise<ScenarioExecution> {
  const { scenario } = prepared
  const runFailures = [...capture.failures, ...stderrComplaints(scenario.name, capture.stderr ?? '')]
  const expected = prepared.expected
  let normalized: NormalizedRun
  let normalizedBy: AppliedRule[] = []
  try {
    const { messages, logs } = capture.surfaces()
    normalized = normalizeRun({
      messages,
      sessionLogs: logs,
      cwdPaths: prepared.cwd.aliases,
      scenarioPaths: folderAliases(scenario.dir),
      // A restored recording (session.source) holds the fixture's scrubbed headers and gains no new ones.
      extractHeaders: !scenario.manifest.session,
    })
    normalized = redactRun(normalized, toRedactions(scenario.manifest.redact), localIdentity())
    const rules = applyNormalizeRules(normalized, scenario.manifest.normalize)
    normalized = rules.run
    normalizedBy = rules.applied
  } catch (error) {
    runFailures.push(failure('process', scenario.name, `scenario ${scenario.name}: ${(error as Error).message}`))
    return { runFailures, workspaceFailures: [], expected }
  }
  const workspaceFailures: Failure[] = []
  if (scenario.manifest.workspace.final) {
    const expectedDir = join(scenario.dir, 'workspace.expected')
    const differences = checkFixtureSync(options.repoRoot, expectedDir, 'dir')
      ? compareWorkspace(prepared.cwd.path, expectedDir, { cwdPaths: prepared.cwd.aliases })
      : []
    if (differences.length) workspaceFailures.push(workspaceFailure(scenario.name, differences))
  }
  return { runFailures, workspaceFailures, normalized, expected, normalizedBy }
}

export async function judgeRun(prepared: PreparedRun, capture: RawCapture, options: JudgeOptions): Promise<Judgement> {
  const { scenario } = prepared
  const execution = await observeRun(prepared, capture, options)
  if (options.mode === 'replay') execution.committedSecrets = committedSecrets(prepared)
  const { runFailures, normalized } = execution
  if (!normalized) return { failures: runFailures, warnings: [], written: [], execution }
  const plan = planJudgement({
    scenario: scenario.name,
    dir: scenario.dir,
    expected: execution.expected,
    run: normalized,
  })
  execution.plan = plan
  const assessment = assessRun(scenario.name, plan, options.mode)
  // --pending writes only `<file>.new` copies, never the manifest: a shared copy is left to replay's guard.
  const sharing =
    options.mode === 'replay' || options.pending
      ? { assessment }
      : shareIdenticalSidecars(options.repoRoot, scenario, options.corpus, plan, assessment)
  const failures = [
    ...runFailures,
    ...(execution.committedSecrets ?? []),
    ...assessment.failures,
    ...execution.workspaceFailures,
    ...(sharing.problem ? [failure('recording', scenario.name, sharing.problem)] : []),
  ]
  const warnings = options.mode === 'record' ? await recordingWarnings(prepared, normalized, options.repoRoot) : []
  const refused = !!options.strict && warnings.length > 0
  if (refused) {
    const message =
      `scenario ${scenario.name}: --strict: nothing written, ` +
      `the recording has ${plural(warnings.length, 'warning')}`
    failures.push({ kind: 'recording', scenario: scenario.name, message, strict: true })
  }
  // A run that failed on its own (a step, replay) never rewrites fixtures: they would pin the failure.
  const written: string[] = []
  const refusal =
    runFailures.length || refused
      ? undefined
      : secretRefusal(secretGate(prepared), sharing.assessment.writes, manifestOf(prepared))
  if (refusal) failures.push(failure('secret', scenario.name, refusal))
  else if (!runFailures.length && !refused) {
    const result = await writeAssessment(scenario.name, sharing.assessment, {
      pending: options.pending,
      repoRoot: options.repoRoot,
    })
    written.push(...result.written.map((file) => (file === sharing.manifest?.file ? sharing.manifest.written : file)))
    failures.push(...result.problems.map((problem) => failure('recording', scenario.name, problem)))
    // A failed write left the scenario's fixtures as they were: its obsolete files stay too.
    if (options.mode !== 'replay' && !options.pending && !result.problems.length) {
      const removed = await removeObsoleteFixtures(options.repoRoot, scenario.dir, scenario.manifest)
      written.push(...removed.map((file) => `${file} (deleted: obsolete)`))
    }
  }
  const surfaces = { transcript: normalized.transcript, sessionLogs: normalized.sessionLogs }
  return { failures, warnings, written, surfaces, execution }
}

/** Failed tool calls in the new recording, and scaffold placeholders left in the scenario's files. */
async function recordingWarnings(prepared: PreparedRun, run: NormalizedRun, repoRoot: string): Promise<string[]> {
  const { name, dir } = prepared.scenario
  const files = await Promise.all(
    ['snapshot.yml', 'input.json', 'model.yml'].map(async (file) => ({
      file: relative(repoRoot, join(dir, file)).replaceAll('\\', '/'),
      text: await readFile(join(dir, file), 'utf8').catch(() => ''),
    })),
  )
  return [...failedToolCalls(name, run.sessionLogs), ...placeholdersLeft(files)]
}

const secretGate = ({ scenario }: PreparedRun) => scenarioSecretGate(scenario, localIdentity())
const manifestOf = ({ scenario }: PreparedRun) => manifestFileOf(scenario.name)

/** Replay's scan of the committed fixtures it reads: a committed secret fails the scenario. */
function committedSecrets(prepared: PreparedRun): Failure[] {
  const { golden, logs, header } = prepared.expected
  const files = [golden, ...logs, ...(header ? [header.system, header.tools] : [])]
  const refusal = secretRefusal(secretGate(prepared), files, manifestOf(prepared), true)
  return refusal ? [failure('secret', prepared.scenario.name, refusal)] : []
}

/**
 * A subprocess reports the composition's errors and warnings on stderr, a line each (`dsh: …`);
 * replay's problems come as data (subprocess.ts reads the report replay writes).
 */
function stderrComplaints(scenario: string, stderr: string): Failure[] {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith('dsh: '))
    .map((line) => failure('process', scenario, `scenario ${scenario}: ${line}`))
}

/** A folder as given and as its realpath (a scenario folder reached through a link). */
function folderAliases(dir: string): string[] {
  const real = realpathSync(dir)
  return real === dir ? [dir] : [dir, real]
}
