// The scale corpus: every needed scenario (pins, session sources) kept, the rest spread or copied
// in turn, copies never pins; and the temp folder is gone when the part ends.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageFile } from '../lib/package-root.ts'
import { type CorpusSource, corpusSources, kindOf, planCorpus, writeCorpus } from './scale-corpus-gen.ts'
import { withTempFolder } from './temp-folder.ts'

const source = (name: string, needed = false): CorpusSource => ({ name, kind: 'text', needed })

describe('planCorpus', () => {
  const sources = [source('a', true), source('b'), source('c'), source('d'), source('e', true)]
  it('keeps the needed scenarios in a smaller corpus and spreads the rest', () => {
    expect(planCorpus(sources, 3).map(({ name }) => name)).toEqual(['a', 'b', 'e'])
    expect(planCorpus(sources, 4).map(({ name }) => name)).toEqual(['a', 'b', 'c', 'e'])
  })

  it('copies every source in turn under new names for a larger one', () => {
    const plan = planCorpus(sources, 12)
    expect(plan).toHaveLength(12)
    expect(new Set(plan.map(({ name }) => name)).size).toBe(12)
    expect(plan.slice(5).map(({ name, from }) => `${from}>${name}`)).toEqual([
      'a>a-2',
      'b>b-2',
      'c>c-2',
      'd>d-2',
      'e>e-2',
      'a>a-3',
      'b>b-3',
    ])
  })
})

describe('the generated corpus', () => {
  it('classifies by the most specific thing a scenario does', () => {
    expect(kindOf('{"permissions": ["allow_once"]}', '- reply:\n    toolCalls:\n      - { name: task }')).toBe(
      'subagents',
    )
    expect(kindOf('{"mcpServers": []}', '')).toBe('mcp')
    expect(kindOf('{"permissions": []}', 'toolCalls')).toBe('approvals')
    expect(kindOf('{}', 'toolCalls')).toBe('tools')
    expect(kindOf('{}', 'text: hi')).toBe('text')
  })

  it('writes copies that are not pins and name themselves; removes the folder afterwards', async () => {
    const repo = packageFile('scenarios')
    const sources = corpusSources(repo)
    expect(sources.some(({ name }) => name.startsWith('sandbox-'))).toBe(false)
    let seen = ''
    await withTempFolder('dsh-scale-corpus-test-', async (folder) => {
      seen = folder
      // Enough copies to reach text-turn, the pin of the default class.
      const count = sources.length + sources.findIndex(({ name }) => name === 'text-turn') + 1
      const kinds = writeCorpus(repo, folder, count)
      expect(Object.values(kinds).reduce((a, b) => a + b, 0)).toBe(count)
      expect(readdirSync(path.join(folder, 'scenarios'))).toHaveLength(count)
      const pin = 'text-turn'
      const copy = path.join(folder, 'scenarios', 'text-turn-2')
      const manifest = readFileSync(path.join(copy, 'snapshot.yml'), 'utf8')
      expect(manifest).toContain('scenario: text-turn-2\n')
      expect(manifest).not.toMatch(/pin: true|systemPromptSource/)
      expect(readdirSync(copy).filter((file) => file.includes('.expected.'))).toEqual([])
      expect(
        readdirSync(path.join(folder, 'scenarios', pin)).filter((file) => file.includes('.expected.')),
      ).not.toEqual([])
    })
    expect(existsSync(seen)).toBe(false)
  })
})
