// The script language is shared by both hosts, so it lives in lib/ and reaches neither host nor any
// plugin (docs/layout.md): a host extends it with step kinds of its own instead.
import { readdir, readFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const here = import.meta.dirname
const root = resolve(here, '../..')

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => join(e.parentPath, e.name))
}

describe('lib/acp-script dependencies', () => {
  it('reach nothing in host/ or plugins/', async () => {
    const offending: string[] = []
    for (const file of await sourceFiles(here)) {
      const text = await readFile(file, 'utf8')
      for (const [, specifier] of text.matchAll(/\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = relative(root, resolve(dirname(file), specifier!))
        if (target.startsWith('host/') || target.startsWith('plugins/'))
          offending.push(`${relative(root, file)} imports ${target}`)
      }
    }
    expect(offending).toEqual([])
  })
})
