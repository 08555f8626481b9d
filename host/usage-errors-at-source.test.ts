// A bad command-line value is a UsageError where it is found (issue 36): the classes that name one
// are UsageErrors, and no source catches an error only to throw its message again as a UsageError.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, it } from 'vitest'
import { packageRoot } from '../lib/package-root.ts'
import { isUsageError } from '../lib/usage-error.ts'
import { ConformanceUsageError } from './conformance/run.ts'
import { ShellWordsError } from './conformance/shell-words.ts'
import { ImportError, ImportUsageError } from './snapshot/import/import-error.ts'
import { ScenarioSelectionError } from './snapshot/scenario/select.ts'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : []
  })
}

it('makes the classes that name a bad command-line value UsageErrors, and a bad session not one', () => {
  const usage = [
    new ScenarioSelectionError('x'),
    new ShellWordsError('x'),
    new ConformanceUsageError('x'),
    new ImportUsageError('IMPORT_UNKNOWN_SESSION', 'x'),
  ]
  expect(usage.filter((error) => !isUsageError(error)).map((error: Error) => error.name)).toEqual([])
  expect(isUsageError(new ImportError('IMPORT_BAD_LOG', 'x'))).toBe(false)
})

it('re-wraps no error message into a UsageError', () => {
  const found = ['host', 'lib', 'plugins'].flatMap((top) =>
    sources(join(packageRoot, top)).flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${relative(packageRoot, path)}:${index + 1}` }))
        .filter(({ line }) => /new UsageError\((\w+)\.message\)/.test(line))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    ),
  )
  expect(found).toEqual([])
})
