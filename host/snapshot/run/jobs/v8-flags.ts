// The V8 flags of a `dsh test --jobs` worker process. V8 runs parts of its garbage collector
// (parallel scavenges, concurrent marking) and its optimizing compiler on helper threads. Beside a
// free core that is free work; when the workers alone fill every core, each one's helper threads only
// take turns with the other workers on the same cores, and the hand-offs cost CPU of their own. Then
// each worker runs V8 on its main thread alone (`--single-threaded`): measured on 2 cores over 400
// scenarios (nine interleaved rounds), `--jobs 2` spent 10 % less system time and ~2 % less CPU in
// all (docs/benchmarks.md, "Issue 44 item 2: …").
import { availableParallelism } from 'node:os'

/** Flags for node before the worker's module, when `workers` run at once on `cores` cores. */
export function workerV8Flags(workers: number, cores: number = availableParallelism()): string[] {
  return workers >= cores ? ['--single-threaded'] : []
}
