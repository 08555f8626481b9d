// Results of earlier runs, keyed by the file's and the corpus's hashes and the mutant itself
// (where, which mutator, what replacement): a second run over unchanged files and an unchanged
// corpus runs nothing again, a changed file reruns only its own mutants. The cache lives in
// $XDG_CACHE_HOME/dsh/mutate (~/.cache/dsh/mutate), one file per project: never in the project.
import { createHash } from 'node:crypto'
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join, relative } from 'node:path'
import { z } from 'zod'
import { MUTANT_STATUSES, type MutantInfo, type MutantResult } from './model.ts'

const CachedSchema = z.object({
  status: z.enum(MUTANT_STATUSES),
  coveredBy: z.array(z.string()),
  killedBy: z.string().optional(),
})
const CacheFileSchema = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), CachedSchema),
  /** sha(file hash, corpus hash) of each file a run finished against a corpus: the cache may know its mutants. */
  known: z.array(z.string()).optional(),
})
type Cached = z.infer<typeof CachedSchema>

export const sha = (text: string) => createHash('sha256').update(text).digest('hex')

export function cacheFile(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache')
  return join(base, 'dsh', 'mutate', `${sha(root).slice(0, 16)}.json`)
}

/** Every file under scenarios/ and the composition files, by path and content. */
export async function corpusHash(root: string, extraFiles: readonly string[]): Promise<string> {
  const hash = createHash('sha256')
  const scenarios = join(root, 'scenarios')
  const files = await readdir(scenarios, { recursive: true, withFileTypes: true }).catch(() => [])
  const paths = files.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
  for (const file of [...paths.sort(), ...extraFiles]) {
    hash.update(relative(root, file)).update('\0')
    hash.update(await readFile(file).catch(() => Buffer.alloc(0))).update('\0')
  }
  return hash.digest('hex')
}

export function mutantKey(mutant: MutantInfo, fileHash: string, corpus: string): string {
  const { start, end } = mutant.location
  const where = `${start.line}:${start.column}-${end.line}:${end.column}`
  return sha([fileHash, corpus, mutant.file, where, mutant.mutator, mutant.replacement].join('\0'))
}

export class MutateCache {
  private constructor(
    readonly file: string,
    private readonly entries: Record<string, Cached>,
    private readonly known: Set<string>,
  ) {}

  /** An unreadable or foreign cache file is a cold cache, not an error. */
  static async open(file: string): Promise<MutateCache> {
    const text = await readFile(file, 'utf8').catch(() => undefined)
    const parsed = text === undefined ? undefined : CacheFileSchema.safeParse(safeJson(text))
    const data = parsed?.success ? parsed.data : undefined
    return new MutateCache(file, data?.entries ?? {}, new Set(data?.known))
  }

  /** Whether a run finished the file (by content hash) against the corpus (by hash): its mutants may be here. */
  knows(fileHash: string, corpus: string): boolean {
    return this.known.has(sha(`${fileHash}\0${corpus}`))
  }

  remember(fileHash: string, corpus: string): void {
    this.known.add(sha(`${fileHash}\0${corpus}`))
  }

  get(key: string): Cached | undefined {
    return this.entries[key]
  }

  set(key: string, result: MutantResult): void {
    const { status, coveredBy, killedBy } = result
    this.entries[key] = { status, coveredBy, ...(killedBy ? { killedBy } : {}) }
  }

  /** Written whole beside, then renamed over: an interrupted write leaves the old cache. */
  async save(): Promise<void> {
    await mkdir(join(this.file, '..'), { recursive: true })
    const temp = `${this.file}.${process.pid}.tmp`
    await writeFile(temp, JSON.stringify({ version: 1, entries: this.entries, known: [...this.known] }))
    await rename(temp, this.file)
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
