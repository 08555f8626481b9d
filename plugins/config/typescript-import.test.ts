// A user's TypeScript plugin under compiled dsh: loaded through tsx, a syntax error naming the file
// and line, a missing tsx named with what to install.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError } from './errors.ts'
import { importTypeScript, isTypeScript } from './typescript-import.ts'

const dir = mkdtempSync(join(tmpdir(), 'dsh-ts-plugin-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const entry = { id: 'mine', name: './mine.ts' }

function file(name: string, text: string): string {
  writeFileSync(join(dir, name), text)
  return pathToFileURL(join(dir, name)).href
}

describe('TypeScript plugins through tsx', () => {
  it('loads a module with types, interfaces and enums stripped', async () => {
    const url = file(
      'good.ts',
      'interface Config { n: number }\nexport const name: string = "mine"\n' +
        'export const apply = (_: unknown, c: Config) => c.n\n',
    )
    const mod = (await importTypeScript(entry, url)) as {
      name: string
      apply: (ctx: unknown, c: { n: number }) => number
    }
    expect(mod.name).toBe('mine')
    expect(mod.apply(undefined, { n: 3 })).toBe(3)
    expect([isTypeScript(url), isTypeScript(pathToFileURL(join(dir, 'x.js')).href)]).toEqual([true, false])
  })

  it('a syntax error names the file and the line', async () => {
    const url = file('broken.ts', 'export const name = "x"\nexport const apply = (ctx: unknown => ctx\n')
    await expect(importTypeScript(entry, url)).rejects.toThrow(/broken\.ts:2:/)
  })

  it('without tsx, a named error says what to install and names the entry', async () => {
    const url = file('other.ts', 'export const name = "x"\n')
    const missing = importTypeScript(entry, url, async () => undefined)
    await expect(missing).rejects.toBeInstanceOf(ConfigError)
    await expect(missing).rejects.toThrow(/entry "mine": module "\.\/mine\.ts" is TypeScript .*npm install -D tsx/)
  })
})
