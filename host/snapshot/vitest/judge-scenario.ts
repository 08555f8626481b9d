// One scenario judged by vitest: the golden and the pin's sidecars through vitest's file snapshots
// (vitest's diff, "N written / N updated" in its summary, -u creates and updates them), the session
// logs and a member's copy of its pin's sidecars through plain equality (-u never rewrites them:
// the logs are the model script, the sidecars belong to the pin), obsolete sidecars through
// vitest's obsolete-snapshot summary (removed by -u).
import { readdirSync } from 'node:fs'
import { relative } from 'node:path'
import { expect } from 'vitest'
import { linesText } from '../core/assess.ts'
import { renderSystemPromptSidecar, renderToolSchemasSidecar } from '../core/normalize/header-sidecars.ts'
import type { FixtureFile } from '../core/fixtures.ts'
import { removeObsoleteFixtures } from '../env/write-fixtures.ts'
import type { ScenarioExecution } from '../run/judge.ts'
import type { TestComposition } from '../run/composition.ts'
import { runScenario, type RunScenarioOptions, type ScenarioOutcome } from '../run/run-scenario.ts'
import type { SnapshotService } from '../plugin/service.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import { obsoleteFixtureFiles } from '../scenario/fixture-files.ts'
import { isUpdatingSnapshots, reportObsoleteToVitest } from './snapshot-state.ts'
import { snapshotMode } from './snapshot-mode.ts'

export interface JudgeContext {
  /** The folder holding scenarios/. */
  root: string
  corpus: readonly LoadedScenario[]
  composition?: TestComposition
  subprocess?: boolean
  /** A host composition's snapshot service shared by a file's scenarios; default: one per scenario. */
  service?: () => Promise<SnapshotService>
}

export async function judgeScenario(scenario: LoadedScenario, context: JudgeContext): Promise<void> {
  const updating = isUpdatingSnapshots()
  if (scenario.problems.length) throw new Error(scenario.problems.map((p) => `- ${p}`).join('\n'))
  const options = { repoRoot: context.root, corpus: context.corpus, composition: context.composition }
  if (snapshotMode() === 'refresh') {
    const outcome = await run(scenario, { ...options, mode: 'refresh' }, context)
    if (!outcome.ok) throw new Error(outcome.failures.join('\n\n'))
    return
  }
  // Replay writes nothing; the outcome's observation is judged here, with vitest's file snapshots.
  const { execution, failures } = await run(scenario, { ...options, mode: 'replay' }, context)
  if (!execution) throw new Error(failures.join('\n\n'))
  if (execution.runFailures.length) throw new Error(execution.runFailures.join('\n\n'))
  // Surfaces are soft assertions (each shows vitest's diff); the rest is collected and thrown once.
  const problems = [
    ...(await expectSurfaces(scenario.name, execution, updating)),
    ...execution.workspaceFailures,
    ...(await settleObsolete(scenario, context.root, updating)),
  ]
  if (problems.length) throw new Error(problems.join('\n\n'))
}

function run(scenario: LoadedScenario, options: RunScenarioOptions, context: JudgeContext): Promise<ScenarioOutcome> {
  if (context.subprocess || !context.service)
    return runScenario(scenario, { ...options, subprocess: context.subprocess })
  return context.service().then((service) => service.runOne(scenario, options))
}

async function expectSurfaces(name: string, execution: ScenarioExecution, updating: boolean): Promise<string[]> {
  const { normalized: run, expected } = execution
  if (!run) return []
  await expect.soft(linesText(run.transcript), expected.golden.file).toMatchFileSnapshot(expected.golden.absolute)

  const refresh = `npx dsh test ${name} --mode refresh`
  const problems: string[] = []
  if (run.sessionLogs.length !== expected.logs.length) {
    problems.push(
      `scenario ${name}: the run produced ${run.sessionLogs.length} session log(s), ` +
        `the fixtures hold ${expected.logs.length}; ` +
        (expected.logsReadOnly ? 'fix input.json' : `re-record with npx dsh test ${name} --mode record`),
    )
  } else {
    run.sessionLogs.forEach((text, index) => {
      const log = expected.logs[index]!
      const why = expected.logsReadOnly
        ? `${log.file} belongs to the session source and is only read here`
        : `${log.file} is the model script, so -u never rewrites it; if the change is intended: ${refresh}`
      expect.soft(text, why).toBe(log.text)
    })
  }

  const header = expected.header
  const headers = run.headers.flat()
  if (!header || !headers.length) return problems
  const sidecar = async (file: FixtureFile, actual: string, owned: boolean) => {
    if (owned) return expect.soft(actual, file.file).toMatchFileSnapshot(file.absolute)
    // A member is checked against its pin's copy; under -u the pin rewrites it, the next run checks it.
    if (!updating)
      expect
        .soft(
          actual,
          `${file.file} belongs to the pin ${header.pin}; ` +
            `if the change is intended: npx dsh test ${header.pin} --mode refresh`,
        )
        .toBe(file.text)
  }
  await sidecar(header.system, renderSystemPromptSidecar(headers), header.ownsSidecars.system)
  await sidecar(header.tools, renderToolSchemasSidecar(headers), header.ownsSidecars.tools)
  return problems
}

/** Obsolete sidecars show in vitest's summary as obsolete (and fail the test), or under -u are removed. */
async function settleObsolete(scenario: LoadedScenario, root: string, updating: boolean): Promise<string[]> {
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
  return [
    `obsolete fixture file(s) no scenario uses: ${files.join(', ')}; ` +
      `npx vitest run -u -t '^${scenario.name}$' removes them`,
  ]
}
