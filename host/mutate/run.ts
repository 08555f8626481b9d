// `dsh mutate` from files to results: read and instrument the targets, keep the sample and the
// changed lines asked for, take what the cache already knows, then run the rest in workers whose
// target files load as instrumented copies in a scratch folder (removed however the run ends: the
// user's files are only read). When the cache cannot know these files against this corpus (or
// --no-cache), the workers start booting before the instrumenting, which they wait for.
import { join, resolve } from 'node:path'
import { plural } from '../../lib/plural.ts'
import { resolveComposition } from '../snapshot/run/composition.ts'
import { cacheFile, corpusHash, MutateCache, mutantKey, sha } from './cache.ts'
import { MutateError } from './errors.ts'
import { instrumentFiles } from './instrument.ts'
import type { MutantInfo, MutantResult } from './model.ts'
import { runInScratch } from './scratch-run.ts'
import { Scratch } from './scratch.ts'
import { sampleMutants } from './sample.ts'
import { onChangedLines } from './diff-ranges.ts'
import { changedSince } from './since.ts'
import { readTargets } from './targets.ts'
import type { MutateOptions } from './options.ts'

export type { MutateOptions } from './options.ts'

export interface MutateRun {
  files: string[]
  results: MutantResult[]
  /** Scenarios this host could not run (left out of the corpus), with why. */
  skipped: Record<string, string>
  /** Mutants in the files that this run left out (--sample, --since). */
  leftOut: number
  interrupted: boolean
}

export async function runMutate(options: MutateOptions): Promise<MutateRun> {
  const root = resolve(options.root)
  const log = options.log ?? (() => {})
  const targets = await readTargets(await targetFiles(options, root), root)
  const composition = resolveComposition(options, root, process.cwd())
  const corpus = await corpusHash(root, [composition.configFile, ...compositionFiles(composition)].filter(isString))
  // --no-cache reads nothing from the cache, but keeps what it holds for other files.
  const cache = await MutateCache.open(options.cache ?? cacheFile(root))
  const hashes = new Map(targets.map((target) => [target.path, sha(target.content)]))
  const runOptions = { ...options, root, composition }
  const likelyToRun = options.fresh || targets.some((target) => !cache.knows(hashes.get(target.path)!, corpus))
  const scratch = await Scratch.open(targets, runOptions, likelyToRun)
  let fresh: Awaited<ReturnType<typeof runInScratch>> | undefined
  let cached: MutantResult[]
  let leftOut: number
  try {
    const { files: instrumented, mutants: all } = await instrumentFiles(targets)
    await scratch.write(instrumented)
    const selected = select(all, options, root)
    leftOut = all.length - selected.length
    log(`dsh mutate: ${selected.length} of ${plural(all.length, 'mutant')} in ${plural(targets.length, 'file')}`)
    const keyOf = (mutant: MutantInfo) => mutantKey(mutant, hashes.get(mutant.file)!, corpus)
    const known = (mutant: MutantInfo) => (options.fresh ? undefined : cache.get(keyOf(mutant)))
    cached = selected.flatMap((mutant) => {
      const hit = known(mutant)
      return hit ? [{ ...mutant, ...hit, cached: true }] : []
    })
    const toRun = selected.filter((mutant) => !known(mutant))
    if (cached.length) log(`dsh mutate: ${plural(cached.length, 'mutant')} from the cache (${cache.file})`)
    fresh = toRun.length ? await runInScratch(scratch, targets, toRun, runOptions) : undefined
    for (const result of fresh?.results ?? []) cache.set(keyOf(result), result)
    if (fresh && !options.signal?.aborted) for (const hash of hashes.values()) cache.remember(hash, corpus)
  } finally {
    await scratch.close()
  }
  await cache.save()
  const results = [...cached, ...(fresh?.results ?? [])].sort(byPlace)
  const skipped = fresh?.skipped ?? {}
  const files = targets.map((target) => target.path)
  return { files, results, skipped, leftOut, interrupted: !!options.signal?.aborted }
}

const isString = (value: unknown): value is string => typeof value === 'string'

function compositionFiles(composition: ReturnType<typeof resolveComposition>): unknown[] {
  return (composition.patches ?? []).map((patch) => (typeof patch === 'string' ? patch : undefined))
}

async function targetFiles(options: MutateOptions, root: string): Promise<string[]> {
  if (options.files.length) return [...options.files]
  if (options.since) {
    const changed = [...changedSince(options.since, root).keys()].filter((file) => /\.[mc]?[jt]s$/.test(file))
    const sources = changed.filter((file) => !/\.(?:test|spec)\.|\.d\.[mc]?ts$/.test(file))
    if (sources.length) return sources.map((file) => join(root, file))
    throw new MutateError('no-files', `dsh mutate: no source file changed since ${options.since} in ${root}`)
  }
  throw new MutateError(
    'no-files',
    'dsh mutate: name the plugin files to mutate (e.g. dsh mutate plugins/acp/projection.ts), or --since REF',
  )
}

function select(all: readonly MutantInfo[], options: MutateOptions, root: string): MutantInfo[] {
  const changed = options.since ? onChangedLines(all, changedSince(options.since, root)) : all
  return options.sample === undefined ? [...changed] : sampleMutants(changed, options.sample)
}

const byPlace = (a: MutantResult, b: MutantResult) =>
  a.file.localeCompare(b.file) || a.line - b.line || a.location.start.column - b.location.start.column
