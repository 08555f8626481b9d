import { describe, expect, it } from 'vitest'
import { isIgnored, parseGitignore } from './gitignore.ts'

describe('gitignore rules', () => {
  const rules = [
    ...parseGitignore('# build output\nnode_modules/\n*.log\n!keep.log\n/dist\nnotes/**/draft-?.md\n', ''),
    ...parseGitignore('secret.txt\n', 'sub'),
  ]
  const ignored = (path: string, dir = false) => isIgnored(rules, path, dir)

  it('matches names anywhere, anchored paths at their folder, folders only with a trailing slash', () => {
    expect(ignored('node_modules', true)).toBe(true)
    expect(ignored('a/node_modules', true)).toBe(true)
    expect(ignored('node_modules')).toBe(false)
    expect(ignored('x/debug.log')).toBe(true)
    expect(ignored('dist', true)).toBe(true)
    expect(ignored('src/dist', true)).toBe(false)
    expect(ignored('notes/a/b/draft-1.md')).toBe(true)
    expect(ignored('notes/draft-1.md')).toBe(true)
    expect(ignored('notes/draft-10.md')).toBe(false)
  })

  it('lets a later negation win, and a nested .gitignore apply under its folder only', () => {
    expect(ignored('keep.log')).toBe(false)
    expect(ignored('sub/secret.txt')).toBe(true)
    expect(ignored('secret.txt')).toBe(false)
  })
})
