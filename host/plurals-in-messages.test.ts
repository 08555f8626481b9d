// Counts in messages say "1 byte" and "2 bytes" (lib/plural.ts), never "file(s)" or "1 bytes":
// a scan of the product's sources for the "(s)" shortcut in code (comments may use it).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, it } from 'vitest'
import { packageRoot } from '../lib/package-root.ts'

/** Not a count: a URL scheme, and a schema field that names whichever models served a recording. */
const NOT_COUNTS = [/http\(s\)/, /the model\(s\) that served/i]

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path)
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !path.includes('test-support') ? [path] : []
  })
}

it('writes no "(s)" plural in a message', () => {
  const found = ['host', 'lib', 'plugins', 'bench'].flatMap((top) =>
    sources(join(packageRoot, top)).flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${relative(packageRoot, path)}:${index + 1}` }))
        .filter(({ line }) => !/^\s*(\/\/|\*|\/\*)/.test(line) && /(?<![.\w])[a-z]+\((s|es)\)/.test(line))
        .filter(({ line }) => !NOT_COUNTS.some((allowed) => allowed.test(line)))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    ),
  )
  expect(found).toEqual([])
})
