// One scenario judged by vitest, from the same judge plan as the CLI (core/judge-plan.ts): the
// golden and the pin's sidecars through vitest's file snapshots (vitest's diff, "N written / N
// updated" in its summary, -u creates and updates them), the session logs and a member's copy of
// its pin's sidecars through plain equality (-u never rewrites them: the logs are the model
// script, the sidecars belong to the pin), obsolete sidecars through vitest's obsolete-snapshot
// summary (removed by -u). Under -u the secret scan runs first (update-secrets.ts).
import { readdirSync } from 'node:fs'
import { relative } from 'node:path'
import { expect } from 'vitest'
import { digestFailures, formatDigest } from '../core/failure-digest.ts'
import type { JudgePlan } from '../core/judge-plan.ts'
import { manifestFileOf, scenarioSecretGate } from '../core/secrets/gate.ts'
import { localIdentity } from '../../../lib/secrets/identity.ts'
import { updateSecretProblems } from './update-secrets.ts'
import { removeObsoleteFixtures } from '../fixtures/write-fixtures.ts'
import type { ScenarioExecution } from '../service/judge.ts'
import type { TestComposition } from '../service/patches.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import { type DriftClassification, type Failure, failure } from '../model/failure.ts'
import { classificationIn, withClassification } from '../core/drift-class.ts'
import type { RunScenarioOptions } from '../service/play-scenario.ts'
import { runScenario } from '../run/run.ts'
import type { SnapshotService } from '../service/service.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import { obsoleteFixtureFiles } from '../core/fixture-files.ts'
import { isUpdatingSnapshots, reportObsoleteToVitest } from './snapshot-state.ts'
import { snapshotMode } from './snapshot-mode.ts'

interface JudgeContext {
  /** The folder holding scenarios/. */
  root: string
  corpus: readonly LoadedScenario[]
  composition?: TestComposition
  subprocess?: boolean
  /** A host composition's snapshot service shared by a file's scenarios; default: one per scenario. */
  service?: () => Promise<SnapshotService>
}

/**
 * A vitest test's timeout for one scenario, a backstop only: every wait of a scenario has its own
 * timeout naming what it waited for. The first scenario of a file also boots the host composition
 * (a user's TypeScript plugins through tsx), which can take longer than vitest's 5 s default.
 */
export const SCENARIO_TEST_TIMEOUT_MS = 60_000

export async function judgeScenario(
  scenario: LoadedScenario,
  context: JudgeContext,
  annotate?: (message: string) => Promise<unknown>,
): Promise<void> {
  const updating = isUpdatingSnapshots()
  if (scenario.problems.length) throw new Error(scenario.problems.map((p) => `- ${p.message}`).join('\n'))
  const options = { repoRoot: context.root, corpus: context.corpus, composition: context.composition }
  // A drift the host replayed twice carries its verdict (core/drift-class.ts): every failure thrown here says it.
  let verdict: DriftClassification | undefined
  const fail = (failures: readonly Failure[]) =>
    new Error(describeFailures(scenario, context.root, verdict ? withClassification(failures, verdict) : failures))
  if (snapshotMode() === 'refresh') {
    const outcome = await run(scenario, { ...options, mode: 'refresh' }, context)
    if (!outcome.ok) throw fail(outcome.failures)
    return
  }
  // Replay writes nothing; the outcome's observation is judged here, with vitest's file snapshots.
  const { execution, failures, stoppedForTier } = await run(scenario, { ...options, mode: 'replay' }, context)
  verdict = classificationIn(failures)
  // A host without the sandbox tier the scenario needs stops it by name: what this test checks there
  // (npm test passes on a machine without a sandbox; `dsh test` reports the stop as a failure).
  const [only] = failures
  if (stoppedForTier && only && failures.length === 1) {
    // Said twice: as the test's annotation (reports, --reporter=verbose) and on stderr (every reporter).
    console.warn(only.message)
    await annotate?.(only.message)
    return
  }
  if (!execution) throw fail(failures)
  if (execution.runFailures.length) throw fail(execution.runFailures)
  // The judge plan of the run (plugin/judge.ts), as the CLI's report reads it.
  const { plan } = execution
  const secrets = secretProblems(scenario, execution, plan, updating)
  if (secrets.length) throw fail(secrets)
  // Surfaces are soft assertions (each shows vitest's diff); the rest is collected and thrown once.
  const problems: Failure[] = [
    ...(plan ? await expectSurfaces(scenario.name, plan, updating) : []),
    ...execution.workspaceFailures,
    ...(await settleObsolete(scenario, context.root, updating)),
  ]
  if (problems.length) throw fail(problems)
}

/** Replay's scan of the committed fixtures; under -u, first a scan of what it would write (a hit writes nothing). */
function secretProblems(
  scenario: LoadedScenario,
  execution: ScenarioExecution,
  plan: JudgePlan | undefined,
  updating: boolean,
): Failure[] {
  if (!updating || !plan) return execution.committedSecrets ?? []
  return updateSecretProblems(scenarioSecretGate(scenario, localIdentity()), plan, manifestFileOf(scenario.name)).map(
    (problem) => failure('secret', scenario.name, problem),
  )
}

/** The CLI's one screen (core/failure-digest.ts), with vitest's own update command for goldens. */
function describeFailures(scenario: LoadedScenario, root: string, failures: readonly Failure[]): string {
  const recording = scenario.manifest.recording
  return formatDigest(digestFailures({ scenario: scenario.name, recording, failures, roots: [root], front: 'vitest' }))
}

/** The one run entry (run/run.ts), in the file's shared service when there is one. */
function run(scenario: LoadedScenario, options: RunScenarioOptions, context: JudgeContext): Promise<ScenarioOutcome> {
  return runScenario(scenario, { ...options, subprocess: context.subprocess, service: context.service })
}

/** The judge plan's surfaces, each a soft assertion: a file snapshot when -u may rewrite it, else equality. */
async function expectSurfaces(name: string, plan: JudgePlan, updating: boolean): Promise<Failure[]> {
  for (const surface of plan.surfaces) {
    const { target, actual } = surface
    if (plan.logCount && surface.kind === 'session-log') continue
    const drift = surface.drift ? `${surface.drift}; ` : ''
    if (surface.owner === 'snapshot')
      await expect.soft(actual, `${drift}${target.file}`).toMatchFileSnapshot(target.absolute)
    // A pin's sidecar: under -u the pin rewrites it, and the next run checks this copy.
    else if (!(updating && surface.pin)) expect.soft(actual, `${drift}${surface.note}`).toBe(target.text)
  }
  return plan.logCount ? [failure('log-count', name, plan.logCount.message)] : []
}

/** Obsolete sidecars show in vitest's summary as obsolete (and fail the test), or under -u are removed. */
async function settleObsolete(scenario: LoadedScenario, root: string, updating: boolean): Promise<Failure[]> {
  const entries = readdirSync(scenario.dir, { withFileTypes: true }).map((e) => ({
    name: e.name,
    isDirectory: e.isDirectory(),
  }))
  const obsolete = obsoleteFixtureFiles(scenario.manifest, entries)
  if (!obsolete.length) return []
  if (updating) {
    reportObsoleteToVitest(await removeObsoleteFixtures(root, scenario.dir, scenario.manifest))
    return []
  }
  const files = obsolete.map((name) => relative(root, `${scenario.dir}/${name}`).replaceAll('\\', '/'))
  reportObsoleteToVitest(files)
  return files.map((file) => ({
    kind: 'obsolete',
    scenario: scenario.name,
    file,
    message:
      `${file} is an obsolete fixture file no scenario uses; ` + `npx vitest run -u -t '^${scenario.name}$' removes it`,
  }))
}
