// A message that sends the reader to a doc must name a path that exists where dsh is installed
// (`node_modules/dsh/docs/…` in a user's project), so it goes through docFile() (lib/package-root.ts)
// instead of spelling `docs/<name>.md` in a string. Comments may cite docs/ freely: they are read here.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, it } from 'vitest'
import { packageRoot } from '../lib/package-root.ts'

/** Strings that name a doc but are not messages a user reads at run time. */
const NOT_MESSAGES = new Map([
  // A pure core's default; its one caller (discover.ts) passes docFile('scenario-format.md').
  ['host/snapshot/core/fixture-files.ts', "formatDoc = 'docs/scenario-format.md'"],
  // The case file's JSON schema description, published in schemas/ beside the repository's docs.
  ['host/conformance/case-file.ts', 'The ACP script (docs/scenario-format.md)'],
])

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path)
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !path.includes('test-support') ? [path] : []
  })
}

it('names docs in messages through docFile(), never as a literal docs/ path', () => {
  const literal = ['host', 'lib', 'plugins'].flatMap((top) =>
    sources(join(packageRoot, top)).flatMap((path) => {
      const file = relative(packageRoot, path)
      return readFileSync(path, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
        .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && /\bdocs\/[a-z0-9-]+\.md/.test(line))
        .filter(({ line }) => !(NOT_MESSAGES.has(file) && line.includes(NOT_MESSAGES.get(file)!)))
        .map(({ line, at }) => `${at}: ${line.trim()}`)
    }),
  )
  expect(literal).toEqual([])
})
