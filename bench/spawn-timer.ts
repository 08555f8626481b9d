// Run a command to completion and time it from spawn() to exit (process start included), with the
// CPU its whole process tree used where the system says (child-cpu.ts).
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { reapedChildrenCpu, type CpuSplit } from './child-cpu.ts'

export interface SpawnOutcome {
  ms: number
  /** CPU of the command and every process it waited for (valid when nothing else spawned here ended meanwhile). */
  cpuMs?: number
  /** The same CPU, user and system (kernel) time apart. */
  cpu?: CpuSplit
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  /** The command's own peak resident set (VmHWM, KiB), when `peakRss` asked for it and /proc has it. */
  peakRssKb?: number
}

interface SpawnOptions {
  cwd: string
  env?: NodeJS.ProcessEnv
  /** Sample the command's VmHWM (its high-water mark) while it runs; Linux only. */
  peakRss?: boolean
}

/** stdin is /dev/null, so a program that serves stdin (dsh serve) sees EOF at once. */
export function timedSpawn(command: string, args: readonly string[], options: SpawnOptions): Promise<SpawnOutcome> {
  return new Promise((resolve, reject) => {
    const [started, cpuBefore] = [performance.now(), reapedChildrenCpu()]
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const rss = options.peakRss && child.pid !== undefined ? watchPeakRss(child.pid) : undefined
    const stdout: Buffer[] = []
    const stderr: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
    child.on('error', reject)
    child.on('close', (code, signal) =>
      resolve({
        ms: performance.now() - started,
        ...cpuSince(cpuBefore),
        code,
        signal,
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        ...(rss?.stop() ? { peakRssKb: rss.stop() } : {}),
      }),
    )
  })
}

/** Like timedSpawn, but a non-zero exit is an error quoting the command and the tail of its stderr. */
export async function timedSpawnOk(
  command: string,
  args: readonly string[],
  options: SpawnOptions,
): Promise<SpawnOutcome> {
  const outcome = await timedSpawn(command, args, options)
  if (outcome.code !== 0) {
    const tail = (outcome.stderr.trim() || outcome.stdout.trim()).split('\n').slice(-15).join('\n')
    throw new Error(`${[command, ...args].join(' ')} exited with ${outcome.code ?? outcome.signal}:\n${tail}`)
  }
  return outcome
}

/** VmHWM only grows, so the last sample before exit is the peak (to within one interval). */
function watchPeakRss(pid: number): { stop(): number | undefined } {
  let peak: number | undefined
  const sample = () => {
    try {
      const kb = Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
      if (kb > (peak ?? 0)) peak = kb
    } catch {
      // Gone, or no /proc: keep what was seen.
    }
  }
  const timer = setInterval(sample, 50)
  sample()
  return {
    stop: () => {
      clearInterval(timer)
      return peak
    },
  }
}

/** The reaped children's CPU since `before`, in all and user / system apart. */
function cpuSince(before: CpuSplit | undefined): Pick<SpawnOutcome, 'cpuMs' | 'cpu'> {
  const after = reapedChildrenCpu()
  if (!before || !after) return {}
  const cpu = { userMs: after.userMs - before.userMs, systemMs: after.systemMs - before.systemMs }
  return { cpuMs: cpu.userMs + cpu.systemMs, cpu }
}
