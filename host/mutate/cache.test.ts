import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cacheFile, corpusHash, MutateCache, mutantKey } from './cache.ts'
import type { MutantInfo } from './model.ts'

let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'dsh-mutate-cache-'))
  await mkdir(join(root, 'scenarios', 'one'), { recursive: true })
  await writeFile(join(root, 'scenarios', 'one', 'snapshot.yml'), 'a: 1\n')
})
afterAll(() => rm(root, { recursive: true, force: true }))

const mutant: MutantInfo = {
  id: 'a.ts#0',
  switchId: '0',
  file: 'a.ts',
  mutator: 'BooleanLiteral',
  replacement: 'false',
  original: 'true',
  line: 3,
  location: { start: { line: 3, column: 1 }, end: { line: 3, column: 5 } },
}

describe('the cache', () => {
  it('lives outside the project, under XDG_CACHE_HOME', () => {
    expect(cacheFile('/p', { XDG_CACHE_HOME: '/c' })).toMatch(/^\/c\/dsh\/mutate\/[0-9a-f]{16}\.json$/)
  })

  it('changes its corpus hash when a scenario file changes', async () => {
    const before = await corpusHash(root, [])
    await writeFile(join(root, 'scenarios', 'one', 'snapshot.yml'), 'a: 2\n')
    expect(await corpusHash(root, [])).not.toBe(before)
  })

  it('keys a mutant by file hash, corpus hash and the mutant, not by its switch id', () => {
    const key = mutantKey(mutant, 'f1', 'c1')
    expect(mutantKey({ ...mutant, switchId: '7' }, 'f1', 'c1')).toBe(key)
    expect(mutantKey(mutant, 'f2', 'c1')).not.toBe(key)
    expect(mutantKey(mutant, 'f1', 'c2')).not.toBe(key)
    expect(mutantKey({ ...mutant, replacement: 'true' }, 'f1', 'c1')).not.toBe(key)
  })

  it('saves and reopens results; a corrupt file reads as empty', async () => {
    const file = join(root, 'cache', 'x.json')
    const cache = await MutateCache.open(file)
    cache.set('k', { ...mutant, status: 'survived', coveredBy: ['one'] })
    await cache.save()
    expect((await MutateCache.open(file)).get('k')).toEqual({ status: 'survived', coveredBy: ['one'] })
    await writeFile(file, '{not json')
    expect((await MutateCache.open(file)).get('k')).toBeUndefined()
  })

  it('remembers which file finished against which corpus (whether a run may find its mutants here)', async () => {
    const file = join(root, 'cache', 'known.json')
    const cache = await MutateCache.open(file)
    expect(cache.knows('f1', 'c1')).toBe(false)
    cache.remember('f1', 'c1')
    await cache.save()
    const reopened = await MutateCache.open(file)
    expect(reopened.knows('f1', 'c1')).toBe(true)
    expect(reopened.knows('f1', 'c2')).toBe(false)
    expect(reopened.knows('f2', 'c1')).toBe(false)
  })
})
