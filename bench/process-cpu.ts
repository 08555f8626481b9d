// The CPU of a timed `dsh test` per process: its own (the parent), each worker's, and the rest of
// the tree (the replays' child processes: bash, bubblewrap, MCP servers, lifeline shells), user and
// system time apart. The processes write their own at exit (process-cpu-preload.mjs); the rest is
// the tree's total (timedSpawn's `cpu`) less theirs.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { CpuSplit } from './child-cpu.ts'

export interface ProcessCpu {
  parent: CpuSplit
  workers: CpuSplit[]
  /** The tree less the node processes above. */
  children: CpuSplit
}

const PRELOAD = path.join(import.meta.dirname, 'process-cpu-preload.mjs')

/** The environment that makes every node process of the run write its CPU to `logFile` at exit. */
export function processCpuEnv(logFile: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  rmSync(logFile, { force: true })
  const options = [env.NODE_OPTIONS, `--import=${PRELOAD}`].filter(Boolean).join(' ')
  return { ...env, NODE_OPTIONS: options, DSH_BENCH_PROCESS_CPU: logFile }
}

/** What the run's processes wrote, against the tree's total; undefined without a total or a log. */
export function readProcessCpu(logFile: string, tree: CpuSplit | undefined): ProcessCpu | undefined {
  if (!tree || !existsSync(logFile)) return undefined
  const lines = readFileSync(logFile, 'utf8').trim().split('\n').filter(Boolean)
  const rows = lines.map((line) => JSON.parse(line) as CpuSplit & { role: string })
  const parent = rows.find((row) => row.role === 'parent')
  if (!parent) return undefined
  const workers = rows.filter((row) => row.role === 'worker')
  const nodes = [parent, ...workers]
  const sum = (key: keyof CpuSplit) => nodes.reduce((total, row) => total + row[key], 0)
  const children = { userMs: tree.userMs - sum('userMs'), systemMs: tree.systemMs - sum('systemMs') }
  return { parent: pick(parent), workers: workers.map(pick), children }
}

const pick = ({ userMs, systemMs }: CpuSplit): CpuSplit => ({ userMs, systemMs })

const seconds = ({ userMs, systemMs }: CpuSplit) => `${(userMs / 1000).toFixed(2)} + ${(systemMs / 1000).toFixed(2)} s`

/** One line: `dsh test 1.10 + 0.33 s, worker 5.49 + 0.75 s, …, children …` (user + system). */
export function renderProcessCpu(cpu: ProcessCpu): string {
  const workers = cpu.workers.map((worker) => `, worker ${seconds(worker)}`).join('')
  return `dsh test ${seconds(cpu.parent)}${workers}, their children ${seconds(cpu.children)} (user + system)`
}
