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

/**
 * Wall milliseconds of each kept run of several tasks taken in turn (a, b, a, b, …), so a change
 * of machine load during the measurement shifts all of them alike: one array per task.
 */
export async function timeInterleaved<const T extends ReadonlyArray<() => Promise<unknown> | unknown>>(
  tasks: T,
  options: SampleOptions,
): Promise<{ -readonly [K in keyof T]: number[] }> {
  const timed = tasks.map((task) => ({ task, times: [] as number[] }))
  for (let round = 0; round < options.warmup + options.runs; round++) {
    for (const { task, times } of timed) {
      const started = performance.now()
      await task()
      if (round >= options.warmup) times.push(performance.now() - started)
    }
  }
  // `map` keeps the length: one array per task, in the tasks' order.
  return timed.map(({ times }) => times) as { -readonly [K in keyof T]: number[] }
}
