// One zod notation (issue 36): a closed object is `z.strictObject({…})`, never `z.object({…}).strict()`,
// and zod issues are worded in one place, lib/file-issues.ts (the only source that switches on an
// issue's code). A scan of the product's sources, tests included.
import { expect, it } from 'vitest'
import { linesMatching as allLinesMatching } from './test-support/source-lines.ts'

const ISSUE_WORDING = 'lib/file-issues.ts'

function linesMatching(pattern: RegExp, skip: (file: string) => boolean = () => false): string[] {
  return allLinesMatching(pattern, (file) => skip(file) || file === 'host/zod-notation.test.ts')
}

it('writes closed objects as z.strictObject', () => {
  expect(linesMatching(/\.strict\(\)/)).toEqual([])
})

it('words zod issues only in lib/file-issues.ts', () => {
  const wording = /case '(invalid_type|invalid_value|too_small|too_big|unrecognized_keys|invalid_union)'/
  expect(linesMatching(wording, (file) => file === ISSUE_WORDING || file.endsWith('.test.ts'))).toEqual([])
})
