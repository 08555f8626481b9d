// Per scenario of the corpus: wall time of one replay run in-process (through the snapshot
// service, in one host composition shared by the whole part, as `dsh test` and vitest run them)
// and as a subprocess of the built bin, each the median of the kept runs, and their ratio.
import { discoverScenarios, type LoadedScenario } from '../../host/snapshot/scenario/discover.ts'
import { bootHostComposition, type HostComposition } from '../../host/snapshot/run/host-composition.ts'
import { runScenario } from '../../host/snapshot/run/run-scenario.ts'
import { collectRuns, timeRuns, type SampleOptions } from '../sample.ts'
import { median, ratio, summarize, type Summary } from '../stats.ts'

interface ScenarioRow {
  name: string
  inproc?: Summary
  /** CPU time of this process (all its threads) per in-process run: less sensitive to a busy machine than wall time. */
  inprocCpu?: Summary
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
  const subprocessMedianMs = median(clean.map((row) => row.subprocess!.median))
  return {
    rows,
    inprocMedianMs,
    inprocCpuMedianMs,
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
  const inprocRuns = await collectRuns(async () => {
    const [cpu, started] = [process.cpuUsage(), performance.now()]
    await once(false)()
    const used = process.cpuUsage(cpu)
    return { wall: performance.now() - started, cpu: (used.user + used.system) / 1000 }
  }, runs)
  const inproc = summarize(inprocRuns.map((run) => run.wall))
  const inprocCpu = summarize(inprocRuns.map((run) => run.cpu))
  const subprocess = summarize(await timeRuns(once(true), runs))
  return { name: scenario.name, inproc, inprocCpu, subprocess, ratio: ratio(subprocess.median, inproc.median), failure }
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? ''
  return line.length > 160 ? `${line.slice(0, 160)}…` : line
}
