// Types the compiler checks (issue 36): no `as unknown as` in product code. Where a library's types
// cannot say what it does, the cast lives in that library's one named adapter, with the reason
// (plugins/config/cordis-compat.ts for Cordis, lib/acp-sdk-compat.ts for the ACP SDK); test doubles
// may stand in for a service. Anywhere else: a typed builder, a narrowing function or a runtime check.
import { expect, it } from 'vitest'
import { linesMatching } from './test-support/source-lines.ts'

const ADAPTERS = ['plugins/config/cordis-compat.ts', 'lib/acp-sdk-compat.ts']
const isTestDouble = (file: string) =>
  file.endsWith('.test.ts') || file.includes('/test-support/') || file.endsWith('.test-support.ts')

it('casts through unknown only in a library adapter or a test double', () => {
  const pattern = new RegExp(['as', 'unknown', 'as'].join(' '))
  const allowed = (file: string) => ADAPTERS.includes(file) || isTestDouble(file)
  expect(linesMatching(pattern, allowed)).toEqual([])
})

it('the adapters it allows exist (a renamed adapter must be renamed here too)', () => {
  const pattern = new RegExp(['as', 'unknown', 'as'].join(' '))
  const inAdapters = linesMatching(pattern, (file) => !ADAPTERS.includes(file)).map((line) => line.split(':')[0])
  expect(new Set(inAdapters)).toEqual(new Set(ADAPTERS))
})

// A non-null assertion on indexed access (`a[i]!`, `match[1]!`) checks nothing under
// noUncheckedIndexedAccess: product code uses destructuring with a check, for…of / entries(), or a
// guard that throws a named error. There are none left; a new one fails here.
it('never asserts non-null on an indexed access in product code', () => {
  expect(linesMatching(/\]!(?!=)/, isTestDouble)).toEqual([])
})
