// A policy checked against a real folder tree just before a launch.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resolveForBwrap, resolveForSeatbelt } from './resolve.ts'

let root: string
beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'dsh-resolve-')))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))
const at = (...parts: string[]) => path.join(root, ...parts)

describe('a policy resolved for bubblewrap', () => {
  it('masks what exists (a folder as a folder, a file as a file), once, and not inside a masked folder', () => {
    mkdirSync(at('home', '.config', 'dsh'), { recursive: true })
    writeFileSync(at('home', '.config', 'dsh', 'deepseek-api-key'), 'k')
    writeFileSync(at('home', '.netrc'), 'n')
    const resolved = resolveForBwrap({
      writable: [at('home'), at('missing')],
      denyRead: [
        at('home', '.config', 'dsh'),
        at('home', '.config', 'dsh', 'deepseek-api-key'),
        at('home', '.netrc'),
        at('home', '.ssh'),
        at('home', '.netrc'),
      ],
      protect: [at('home', '.config', 'dsh'), at('home', '.config', 'dsh', 'deepseek-api-key')],
      network: false,
    })
    expect(resolved).toEqual({
      writable: [{ real: at('home'), given: at('home') }],
      masks: [
        { path: at('home', '.config', 'dsh'), kind: 'dir' },
        { path: at('home', '.netrc'), kind: 'file' },
      ],
      readOnly: [],
      network: false,
    })
  })

  it("makes read-only the folder where one of dsh's missing files would be created inside a writable one", () => {
    mkdirSync(at('home', '.config'), { recursive: true })
    mkdirSync(at('elsewhere'))
    const resolved = resolveForBwrap({
      writable: [at('home')],
      denyRead: [at('home', '.config', 'dsh'), at('elsewhere', 'sessions')],
      protect: [at('home', '.config', 'dsh'), at('elsewhere', 'sessions')],
      network: true,
    })
    expect(resolved.readOnly).toEqual([at('home', '.config')])
    expect(resolved.masks).toEqual([])
  })

  it('binds a writable folder reached through a symlink at its real path and at the given one', () => {
    mkdirSync(at('real'))
    symlinkSync(at('real'), at('link'))
    const resolved = resolveForBwrap({ writable: [at('link')], denyRead: [], protect: [], network: false })
    expect(resolved.writable).toEqual([{ real: at('real'), given: at('link') }])
  })
})

describe('files a command line names', () => {
  it('shows their folder under /tmp read-only when the private /tmp would hide it and no writable folder does', () => {
    // root is under the real temp folder; only what lies under /tmp is hidden by the sandbox's own /tmp.
    mkdirSync(at('server'))
    writeFileSync(at('server', 'server.mjs'), '')
    mkdirSync(at('cwd'))
    writeFileSync(at('cwd', 'local.mjs'), '')
    const resolved = resolveForBwrap({
      writable: [at('cwd')],
      denyRead: [],
      protect: [],
      network: true,
      named: [at('server', 'server.mjs'), at('cwd', 'local.mjs'), at('missing.mjs'), 'node'],
    })
    // The whole folder under /tmp the script is in: the packages it imports are found beside it.
    const underTmp = root.startsWith('/tmp/')
    expect(resolved.shown).toEqual(underTmp ? [`/tmp/${root.split('/')[2]}`] : undefined)
  })
})

describe('a policy resolved for Seatbelt', () => {
  it('uses real paths, spells a missing one through its real ancestor, and adds the private temp', () => {
    mkdirSync(at('real'))
    symlinkSync(at('real'), at('link'))
    const temp = at('temp')
    mkdirSync(temp)
    const resolved = resolveForSeatbelt(
      { writable: [at('link')], denyRead: [at('link', 'missing', 'key')], protect: [], network: false },
      temp,
    )
    expect(resolved).toEqual({
      writable: [at('real'), temp],
      denied: [at('real', 'missing', 'key')],
      network: false,
    })
  })
})
