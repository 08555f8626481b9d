// Everything a run needs on disk before the agent starts: a fresh cwd seeded from
// workspace/, a sessions root (with restored recordings for session.source scenarios).
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { LoadedScenario } from '../scenario/discover.ts'
import { RECORDED_SESSION_ALIASES } from '../scenario/input-steps.ts'
import { expandEnvironment } from '../scenario/manifest.ts'
import { makeTempCwd, type TempCwd } from './workspace/temp-cwd.ts'
import { seedWorkspace } from './workspace/seed.ts'
import { reviveLog, type RevivedLog } from './fixture-logs.ts'
import { checkFixtureSync } from '../io/safe-fixture-io.ts'
import type { ExpectedFixtures, RunMode } from '../core/fixtures.ts'
import { loadExpected } from './expected.ts'

export interface PreparedRun {
  scenario: LoadedScenario
  repoRoot: string
  mode: RunMode
  cwd: TempCwd
  /** Holds the sessions root and any per-run files; removed with the cwd. */
  scratch: string
  sessionsRoot: string
  replayLogs: string[]
  /** The committed fixtures, read once here: the judge compares with them, replay in process serves them. */
  expected: ExpectedFixtures
  /** In process, the replay logs' text (from `expected`), so the replay plugin reads no file itself. */
  replayTexts: Array<string | undefined>
  /** Recordings restored into the sessions root (session.source), as the host wrote them. */
  restoredLogs: RevivedLog[]
  overrideFile?: string
  predefined: Record<string, string>
  environment: Record<string, string>
  cleanup(): Promise<void>
}

/** `corpus` finds the scenario's class pin (its sidecars are part of what the run is judged on). */
export async function prepareRun(
  repoRoot: string,
  scenario: LoadedScenario,
  mode: RunMode,
  corpus: readonly LoadedScenario[] = [scenario],
): Promise<PreparedRun> {
  const expected = loadExpected(repoRoot, scenario, corpus)
  const logs = expected.logs.map((log) => log.absolute)
  if (scenario.manifest.session && logs.length > RECORDED_SESSION_ALIASES.length) {
    throw new Error(
      `scenario ${scenario.name}: session.source has ${logs.length} logs; at most ${RECORDED_SESSION_ALIASES.length} ` +
        `can be restored`,
    )
  }
  const cwd = await makeTempCwd(scenario.name)
  const scratch = await makeTempCwd(`${scenario.name}-host`)
  const cleanup = async () => {
    await cwd.cleanup()
    await scratch.cleanup()
  }
  try {
    const sessionsRoot = join(scratch.path, 'sessions')
    mkdirSync(sessionsRoot)
    if (checkFixtureSync(repoRoot, join(scenario.dir, 'workspace'), 'dir')) await seedWorkspace(scenario.dir, cwd.path)
    // A restored recording (session.source) is served by the agent's own store, not by replay.
    const restored = scenario.manifest.session ? restoreRecordings(expected, cwd.path, sessionsRoot) : undefined
    const replayLogs = mode === 'record' || restored ? [] : logs
    const override = join(scenario.dir, 'replay.override.json')
    return {
      scenario,
      repoRoot,
      mode,
      cwd,
      scratch: scratch.path,
      sessionsRoot,
      replayLogs,
      expected,
      replayTexts: replayLogs.map((file) => expected.logs.find((log) => log.absolute === file)?.text),
      restoredLogs: restored?.logs ?? [],
      predefined: restored?.predefined ?? {},
      overrideFile: mode !== 'record' && checkFixtureSync(repoRoot, override) ? override : undefined,
      environment: expandEnvironment(scenario.manifest.environment, cwd.path),
      cleanup,
    }
  } catch (error) {
    // Nothing half-made stays behind in the temp folder.
    await cleanup()
    throw error
  }
}

/** The recorded logs revived into the sessions root, and the aliases input.json names them by. */
function restoreRecordings(expected: ExpectedFixtures, cwd: string, sessionsRoot: string) {
  const predefined: Record<string, string> = {}
  const logs: RevivedLog[] = []
  for (const [index, { file, text }] of expected.logs.entries()) {
    if (text === undefined) throw new Error(`${file} vanished while the run was being prepared`)
    const revived = reviveLog(text, cwd, file)
    writeFileSync(join(sessionsRoot, `${revived.header.id}.jsonl`), revived.text)
    predefined[RECORDED_SESSION_ALIASES[index]!] = revived.header.id
    logs.push(revived)
  }
  return { predefined, logs }
}
