// Unit-test verdicts of survivors, kept beside dsh mutate's cache: keyed by the target file, the
// plugin folder's unit tests and the mutant, so regenerating the page reruns vitest only for what changed.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { cacheFile, mutantKey, sha } from '../cache.ts'
import type { MutantResult } from '../model.ts'

export class UnitCache {
  private constructor(
    private readonly file: string,
    private readonly verdicts: Record<string, boolean>,
  ) {}

  static async open(root: string): Promise<UnitCache> {
    const file = cacheFile(root).replace(/\.json$/, '.unit.json')
    const text = await readFile(file, 'utf8').catch(() => '{}')
    return new UnitCache(file, JSON.parse(text) as Record<string, boolean>)
  }

  /** The file's text and its folder's tests, hashed: what a verdict depends on besides the mutant. */
  static async basis(root: string, file: string): Promise<string> {
    const folder = join(root, dirname(file))
    const tests = (await readdir(folder)).filter((name) => name.endsWith('.test.ts')).sort()
    const texts = await Promise.all(
      [file, ...tests.map((name) => join(dirname(file), name))].map((p) => readFile(join(root, p), 'utf8')),
    )
    return sha(texts.join('\0'))
  }

  key(result: MutantResult, basis: string): string {
    return mutantKey(result, basis, 'unit')
  }

  get(key: string): boolean | undefined {
    return this.verdicts[key]
  }

  set(key: string, killed: boolean): void {
    this.verdicts[key] = killed
  }

  save(): Promise<void> {
    return writeFile(this.file, JSON.stringify(this.verdicts))
  }
}
