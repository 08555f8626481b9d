// `dsh test` against a foreign ACP agent: each selected scenario loaded, run (./run-foreign.ts) and
// judged (./judge.ts), up to `jobs` at a time (each run is its own agent process and model
// server). A scenario that cannot load or start fails alone; the others still run.
import type { Failure } from '../snapshot/model/failure.ts'
import { failure } from '../snapshot/model/failure.ts'
import type { Upstream } from '../../lib/model-wire/upstream.ts'
import type { AgentSpec } from './agent-spec.ts'
import { judgeForeign, type JudgedSurface } from './judge.ts'
import type { ForeignMode } from './model-server.ts'
import { runForeign } from './run-foreign.ts'
import { findForeignScenarios, loadForeignScenario } from './scenario.ts'

export interface ForeignOutcome {
  scenario: string
  ok: boolean
  failures: Failure[]
  surfaces: JudgedSurface[]
  written: string[]
  durationMs: number
  /** The normalized transcript (the e2e compares two replays with it). */
  transcript?: string
}

export interface ForeignSuiteOptions {
  root: string
  agent: AgentSpec
  mode: ForeignMode
  /** Record against the live provider (no --stub): where, with which key (lib/model-wire/upstream.ts). */
  upstream?: Upstream
  names?: readonly string[]
  jobs?: number
  timeoutMs?: number
  signal?: AbortSignal
  onResult?(outcome: ForeignOutcome): void
}

export async function runForeignSuite(options: ForeignSuiteOptions): Promise<ForeignOutcome[]> {
  const names = findForeignScenarios(options.root, options.names)
  const outcomes: ForeignOutcome[] = new Array(names.length)
  let next = 0
  const worker = async () => {
    while (!options.signal?.aborted) {
      const at = next++
      const name = names[at]
      if (name === undefined) break
      const outcome = await runOne(name, options)
      outcomes[at] = outcome
      options.onResult?.(outcome)
    }
  }
  const jobs = Math.max(1, Math.min(options.jobs ?? 1, names.length))
  await Promise.all(Array.from({ length: jobs }, worker))
  return outcomes.filter(Boolean)
}

async function runOne(name: string, options: ForeignSuiteOptions): Promise<ForeignOutcome> {
  const started = performance.now()
  const done = (failures: Failure[], more: Partial<ForeignOutcome> = {}): ForeignOutcome => ({
    scenario: name,
    ok: failures.length === 0,
    failures,
    surfaces: more.surfaces ?? [],
    written: more.written ?? [],
    durationMs: performance.now() - started,
    ...(more.transcript !== undefined ? { transcript: more.transcript } : {}),
  })
  try {
    const scenario = loadForeignScenario(options.root, name)
    const run = await runForeign(scenario, options.agent, {
      mode: options.mode,
      timeoutMs: options.timeoutMs ?? 60_000,
      ...(options.upstream ? { upstream: options.upstream } : {}),
    })
    try {
      const judged = await judgeForeign(options.root, scenario, run, options.mode)
      return done(judged.failures, judged)
    } finally {
      await run.cleanup()
    }
  } catch (error) {
    return done([failure('scenario', name, `scenario ${name}: ${(error as Error).message}`)])
  }
}
