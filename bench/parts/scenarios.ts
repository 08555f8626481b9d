// Per scenario of the corpus: wall time of one replay run in-process (through the snapshot
// service, in one host composition shared by the whole part, as `dsh test` and vitest run them)
// and as a subprocess of the built bin, each the median of the kept runs, and their ratio. Also the
// agent's share of an in-process run: the same scenario played on its stage with no preparing,
// judging or cleaning up timed, the floor no faster host could go below.
import { prepareRun } from '../../host/snapshot/fixtures/prepare.ts'
import { discoverScenarios, type LoadedScenario } from '../../host/snapshot/scenario/discover.ts'
import { bootHostComposition, type HostComposition } from '../../host/snapshot/run/host-composition.ts'
import { runScenario } from '../../host/snapshot/run/run.ts'
import { collectRuns, timeRuns, type SampleOptions } from '../sample.ts'
import { median, ratio, summarize, type Summary } from '../stats.ts'

interface ScenarioRow {
  name: string
  inproc?: Summary
  /** CPU time of this process (all its threads) per in-process run: less sensitive to a busy machine than wall time. */
  inprocCpu?: Summary
  /** The play alone (the agent's ACP exchange over the in-memory pipe, replay serving it), per run. */
  play?: Summary
  subprocess?: Summary
  /** subprocess median / in-process median. */
  ratio: number
  /** Why the scenario's runs do not count (it failed, or could not be loaded); empty when they do. */
  failure?: string
}

export interface ScenariosResult {
  rows: ScenarioRow[]
  /** Medians over the scenarios that replayed cleanly. */
  inprocMedianMs: number
  inprocCpuMedianMs?: number
  /** Median over the same scenarios of their play alone: what is left with a host that cost nothing. */
  playMedianMs?: number
  subprocessMedianMs: number
  ratio: number
}

export async function benchScenarios(
  repoRoot: string,
  runs: SampleOptions,
  onRow?: (row: ScenarioRow) => void,
): Promise<ScenariosResult> {
  const { scenarios, failures } = await discoverScenarios(repoRoot)
  const rows: ScenarioRow[] = failures.map((failure) => ({
    name: failure.name,
    ratio: Number.NaN,
    failure: firstLine(failure.error.message),
  }))
  rows.forEach((row) => onRow?.(row))
  const host = await bootHostComposition({ repoRoot, mode: 'replay' })
  try {
    for (const scenario of scenarios) {
      const row = await measureScenario(host, repoRoot, scenario, scenarios, runs)
      rows.push(row)
      onRow?.(row)
    }
  } finally {
    await host.dispose()
  }
  const clean = rows.filter((row) => !row.failure)
  const inprocMedianMs = median(clean.map((row) => row.inproc!.median))
  const inprocCpuMedianMs = median(clean.map((row) => row.inprocCpu!.median))
  const playMedianMs = median(clean.map((row) => row.play!.median))
  const subprocessMedianMs = median(clean.map((row) => row.subprocess!.median))
  return {
    rows,
    inprocMedianMs,
    inprocCpuMedianMs,
    playMedianMs,
    subprocessMedianMs,
    ratio: ratio(subprocessMedianMs, inprocMedianMs),
  }
}

async function measureScenario(
  host: HostComposition,
  repoRoot: string,
  scenario: LoadedScenario,
  corpus: readonly LoadedScenario[],
  runs: SampleOptions,
): Promise<ScenarioRow> {
  // A failing run may stop early and look fast: note the first failure, and leave the row out of the medians.
  let failure: string | undefined
  const once = (subprocess: boolean) => async () => {
    const options = { repoRoot, corpus, mode: 'replay' as const }
    const outcome = subprocess
      ? await runScenario(scenario, { ...options, subprocess })
      : await host.snapshot.runOne(scenario, options)
    if (!outcome.ok)
      failure ??= `${subprocess ? 'subprocess' : 'in-process'}: ${firstLine(outcome.failures.join('\n'))}`
  }
  // Each round a whole run, then the play alone: a change of machine load shifts both alike.
  const inprocRuns = await collectRuns(async () => {
    const [cpu, started] = [process.cpuUsage(), performance.now()]
    await once(false)()
    const used = process.cpuUsage(cpu)
    const wall = performance.now() - started
    const play = await timePlay(host, repoRoot, scenario, corpus)
    if (play.failure) failure ??= `play alone: ${firstLine(play.failure)}`
    return { wall, cpu: (used.user + used.system) / 1000, play: play.ms }
  }, runs)
  const inproc = summarize(inprocRuns.map((run) => run.wall))
  const inprocCpu = summarize(inprocRuns.map((run) => run.cpu))
  const play = summarize(inprocRuns.map((run) => run.play))
  const subprocess = summarize(await timeRuns(once(true), runs))
  const row = { name: scenario.name, inproc, inprocCpu, play, subprocess }
  return { ...row, ratio: ratio(subprocess.median, inproc.median), failure }
}

/** Wall time of one play of `scenario` on its stage; preparing its cwd and cleaning up are not timed. */
async function timePlay(
  host: HostComposition,
  repoRoot: string,
  scenario: LoadedScenario,
  corpus: readonly LoadedScenario[],
): Promise<{ ms: number; failure?: string }> {
  const prepared = await prepareRun(repoRoot, scenario, 'replay', corpus)
  try {
    const started = performance.now()
    const capture = await host.snapshot.play(prepared, 10_000)
    return { ms: performance.now() - started, failure: capture.failures[0]?.message }
  } finally {
    await prepared.cleanup()
  }
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? ''
  return line.length > 160 ? `${line.slice(0, 160)}…` : line
}
