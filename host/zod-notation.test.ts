// One zod notation (issue 36): a closed object is `z.strictObject({…})`, never `z.object({…}).strict()`,
// and zod issues are worded in one place, lib/file-issues.ts (the only source that switches on an
// issue's code). A scan of the product's sources, tests included.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, it } from 'vitest'
import { packageRoot } from '../lib/package-root.ts'

const ISSUE_WORDING = 'lib/file-issues.ts'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path)
    return name.endsWith('.ts') ? [path] : []
  })
}

function linesMatching(pattern: RegExp, skip: (file: string) => boolean = () => false): string[] {
  return ['host', 'lib', 'plugins', 'bench'].flatMap((top) =>
    sources(join(packageRoot, top))
      .map((path) => ({ path, file: relative(packageRoot, path) }))
      .filter(({ file }) => !skip(file) && file !== 'host/zod-notation.test.ts')
      .flatMap(({ path, file }) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
          .filter(({ line }) => pattern.test(line))
          .map(({ line, at }) => `${at}: ${line.trim()}`),
      ),
  )
}

it('writes closed objects as z.strictObject', () => {
  expect(linesMatching(/\.strict\(\)/)).toEqual([])
})

it('words zod issues only in lib/file-issues.ts', () => {
  const wording = /case '(invalid_type|invalid_value|too_small|too_big|unrecognized_keys|invalid_union)'/
  expect(linesMatching(wording, (file) => file === ISSUE_WORDING || file.endsWith('.test.ts'))).toEqual([])
})
