// The runner tests any ACP agent, so it imports no plugin of this one, and it shares code with
// the snapshot host only through lib/ (docs/layout.md). Checked on every import of every file
// here, tests included: a test that needs the app or a plugin lives beside those instead.
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const here = import.meta.dirname
const root = resolve(here, '../..')
const FORBIDDEN = ['plugins/', 'host/snapshot/', 'host/app/']

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? sourceFiles(join(dir, entry.name))
        : entry.name.endsWith('.ts')
          ? [join(dir, entry.name)]
          : [],
    ),
  )
  return nested.flat()
}

/** Every relative module specifier in `text`: static imports and exports, and dynamic import(). */
function relativeSpecifiers(text: string): string[] {
  const found = text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g)
  return [...found].map((match) => match[1]!)
}

describe('host/conformance dependencies', () => {
  it('reach nothing in plugins/, host/snapshot/ or host/app/', async () => {
    const offending: string[] = []
    // This file's own sample imports are text, not imports.
    for (const file of (await sourceFiles(here)).filter((f) => f !== import.meta.filename)) {
      for (const specifier of relativeSpecifiers(await readFile(file, 'utf8'))) {
        const target = relative(root, resolve(dirname(file), specifier))
        if (FORBIDDEN.some((prefix) => target.startsWith(prefix)))
          offending.push(`${relative(root, file)} imports ${target}`)
      }
    }
    expect(offending).toEqual([])
  })

  it('sees the imports it checks', () => {
    expect(relativeSpecifiers(`import { a } from '../../plugins/x.ts'\nconst m = await import('./y.ts')`)).toEqual([
      '../../plugins/x.ts',
      './y.ts',
    ])
  })
})
