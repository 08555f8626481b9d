// How much work the machine's cores do side by side, against one alone: the same fixed, allocation-heavy
// job (JSON round trips, like dsh's own message handling) run once alone and once on every core at
// the same time. On SMT siblings or a shared VM host, two busy vCPUs each run slower than one;
// jobs_ceiling (cores × wall / CPU of --jobs 1) assumes they do not, so this says what the hardware allows.
import { availableParallelism } from 'node:os'
import { median } from './stats.ts'
import { timedSpawnOk } from './spawn-timer.ts'

/** The job: its own timing, so process start is not in it. About 0.3 s on this repository's machine. */
const JOB = `
const item = Array.from({ length: 200 }, (_, i) => ({ id: i, text: 'chunk ' + i, nested: { at: [i, i * 2] } }))
const started = performance.now()
let size = 0
for (let round = 0; round < 600; round++) size += JSON.parse(JSON.stringify(item)).length
process.stdout.write(String(performance.now() - started))
`

/** Each core's share of one alone (1: cores side by side each do what one does alone). */
function coreEfficiency(aloneMs: readonly number[], togetherMs: readonly number[]): number | undefined {
  if (!aloneMs.length || !togetherMs.length) return undefined
  return median(aloneMs) / median(togetherMs)
}

/** Rounds of the job alone, then on every core at once; medians of each job's own time. */
export async function measureCoreEfficiency(
  cwd: string,
  rounds = 3,
  cores = availableParallelism(),
): Promise<{ efficiency?: number; cores: number }> {
  const job = async () => Number((await timedSpawnOk(process.execPath, ['-e', JOB], { cwd })).stdout)
  const alone: number[] = []
  const together: number[] = []
  for (let round = 0; round < rounds; round++) {
    alone.push(await job())
    together.push(...(await Promise.all(Array.from({ length: cores }, job))))
  }
  return { efficiency: coreEfficiency(alone, together), cores }
}
