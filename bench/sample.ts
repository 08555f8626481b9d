// Repeat a task: `warmup` untimed runs first (JIT, module cache, disk cache), then `runs` kept ones.
export interface SampleOptions {
  warmup: number
  runs: number
}

/** Each kept run's result, in order (for tasks that time their own phases). */
export async function collectRuns<T>(task: () => Promise<T> | T, options: SampleOptions): Promise<T[]> {
  for (let index = 0; index < options.warmup; index++) await task()
  const results: T[] = []
  for (let index = 0; index < options.runs; index++) results.push(await task())
  return results
}

/** Wall milliseconds of each kept run. */
export function timeRuns(task: () => Promise<unknown> | unknown, options: SampleOptions): Promise<number[]> {
  return collectRuns(async () => {
    const started = performance.now()
    await task()
    return performance.now() - started
  }, options)
}
