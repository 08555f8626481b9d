// The fixture guard on real files: symbolic links, a FIFO made with mkfifo, a unix socket.
import { execFileSync } from 'node:child_process'
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkFixtureSync, FixtureGuardError, readFixtureSync, writeFixture } from './safe-fixture-io.ts'

const base = mkdtempSync(join(tmpdir(), 'dsh-fixture-guard-'))
const root = join(base, 'repo')
const outside = join(base, 'outside')
const scenario = join(root, 'scenarios', 'sample')
mkdirSync(scenario, { recursive: true })
mkdirSync(outside)
writeFileSync(join(outside, 'secret.txt'), 'SECRET outside the repository\n')
writeFileSync(join(scenario, 'stdout.golden.jsonl'), '{"golden":true}\n')
const servers: Server[] = []
afterAll(() => {
  for (const server of servers) server.close()
  rmSync(base, { recursive: true, force: true })
})

const at = (name: string) => join(scenario, name)
const FILE_RULE = 'fixtures must be regular files inside the scenario folder (replace it with the file itself)'

/** Every way the guard can be asked about one file must refuse it with this message. */
function refusedEverywhere(absolute: string, message: string) {
  const expected = new FixtureGuardError(message)
  expect(() => checkFixtureSync(root, absolute)).toThrow(expected)
  expect(() => readFixtureSync(root, absolute)).toThrow(expected)
  expect(() => readFixtureSync(root, absolute)).toThrow(FixtureGuardError)
}

describe('reading fixtures', () => {
  it('reads a regular file inside its scenario folder; a missing one is undefined', async () => {
    expect(readFixtureSync(root, at('stdout.golden.jsonl'))).toBe('{"golden":true}\n')
    expect(readFixtureSync(root, at('session.jsonl'))).toBeUndefined()
    expect(checkFixtureSync(root, at('session.jsonl'))).toBe(false)
    expect(checkFixtureSync(root, join(root, 'scenarios', 'absent', 'session.jsonl'))).toBe(false)
  })

  it('refuses a symbolic link to a file outside the repository, and one to a file next to it', async () => {
    symlinkSync(join(outside, 'secret.txt'), at('session.jsonl'))
    symlinkSync('stdout.golden.jsonl', at('session.1.jsonl'))
    refusedEverywhere(at('session.jsonl'), `scenarios/sample/session.jsonl is a symbolic link; ${FILE_RULE}`)
    refusedEverywhere(at('session.1.jsonl'), `scenarios/sample/session.1.jsonl is a symbolic link; ${FILE_RULE}`)
  })

  it('refuses a FIFO before opening it (opening one to read would block until a writer came)', async () => {
    execFileSync('mkfifo', [at('input.json')])
    refusedEverywhere(at('input.json'), `scenarios/sample/input.json is a FIFO (named pipe); ${FILE_RULE}`)
  })

  it('refuses a unix socket', async () => {
    const server = createServer()
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(at('snapshot.yml'), resolve))
    refusedEverywhere(at('snapshot.yml'), `scenarios/sample/snapshot.yml is a socket; ${FILE_RULE}`)
  })

  it('refuses a fixture read through a linked scenario folder', async () => {
    mkdirSync(join(outside, 'elsewhere'))
    writeFileSync(join(outside, 'elsewhere', 'stdout.golden.jsonl'), 'SECRET\n')
    symlinkSync(join(outside, 'elsewhere'), join(root, 'scenarios', 'linked'))
    refusedEverywhere(
      join(root, 'scenarios', 'linked', 'stdout.golden.jsonl'),
      'scenarios/linked is a symbolic link; ' +
        'scenario folders must be directories inside scenarios/ (replace it with the folder itself)',
    )
  })

  it('checks a fixture folder: a directory passes, a link or a file does not', () => {
    mkdirSync(at('workspace.expected'))
    expect(checkFixtureSync(root, at('workspace.expected'), 'dir')).toBe(true)
    symlinkSync(outside, at('workspace'))
    const folderRule =
      'fixture folders must be directories inside the scenario folder (replace it with the folder itself)'
    expect(() => checkFixtureSync(root, at('workspace'), 'dir')).toThrow(
      `scenarios/sample/workspace is a symbolic link; ${folderRule}`,
    )
    expect(() => checkFixtureSync(root, at('stdout.golden.jsonl'), 'dir')).toThrow(
      `scenarios/sample/stdout.golden.jsonl is a file; ${folderRule}`,
    )
    expect(() => readFixtureSync(root, at('workspace.expected'))).toThrow(
      `scenarios/sample/workspace.expected is a directory; ${FILE_RULE}`,
    )
  })

  it('in one pass, looks at each folder once and at each fixture every time', () => {
    const pass = join(root, 'scenarios', 'pass')
    mkdirSync(pass)
    writeFileSync(join(pass, 'stdout.golden.jsonl'), 'golden\n')
    const checked = new Set<string>()
    expect(readFixtureSync(root, join(pass, 'stdout.golden.jsonl'), checked)).toBe('golden\n')
    expect([...checked]).toEqual([pass])
    // The folder is not lstat'ed again in the pass: a fixture missing from it is simply absent.
    expect(checkFixtureSync(root, join(pass, 'session.jsonl'), 'file', checked)).toBe(false)
    // The fixture itself still is: a link put in its place is refused though its folder was checked.
    symlinkSync(join(outside, 'secret.txt'), join(pass, 'session.jsonl'))
    expect(() => readFixtureSync(root, join(pass, 'session.jsonl'), checked)).toThrow(
      `scenarios/pass/session.jsonl is a symbolic link; ${FILE_RULE}`,
    )
    // A folder found odd is never remembered as checked.
    const odd = new Set<string>()
    symlinkSync(pass, join(root, 'scenarios', 'pass-linked'))
    expect(() => readFixtureSync(root, join(root, 'scenarios', 'pass-linked', 'stdout.golden.jsonl'), odd)).toThrow(
      FixtureGuardError,
    )
    expect(odd.size).toBe(0)
  })

  it('refuses a path outside the scenario folders', () => {
    expect(() => readFixtureSync(root, join(outside, 'secret.txt'))).toThrow(FixtureGuardError)
    expect(() => readFixtureSync(root, join(root, 'scenarios', 'README.md'))).toThrow(/is not inside a scenario folder/)
  })
})

describe('writing fixtures', () => {
  const folder = join(root, 'scenarios', 'writes')
  mkdirSync(folder, { recursive: true })

  it('writes a new fixture and replaces an existing one through a renamed temp file', async () => {
    const golden = join(folder, 'stdout.golden.jsonl')
    await writeFixture(root, golden, 'first\n')
    const before = statSync(golden).ino
    await writeFixture(root, golden, 'second\n')
    expect(readFileSync(golden, 'utf8')).toBe('second\n')
    // rename gives the name a new file; the old one was never opened for writing
    expect(statSync(golden).ino).not.toBe(before)
    expect(readdirSync(folder)).toEqual(['stdout.golden.jsonl'])
  })

  it('never writes through a link: the link is refused and its target keeps its content', async () => {
    const linked = join(folder, 'session.jsonl')
    symlinkSync(join(outside, 'secret.txt'), linked)
    await expect(writeFixture(root, linked, 'overwritten\n')).rejects.toThrow(
      `scenarios/writes/session.jsonl is a symbolic link; ${FILE_RULE}`,
    )
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('SECRET outside the repository\n')
    expect(readdirSync(folder).sort()).toEqual(['session.jsonl', 'stdout.golden.jsonl'])
  })
})
