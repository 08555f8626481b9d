// dsh started as an editor starts it: in the user's project, which has no cordis.yml, with a
// bundled overlay by name. It uses its own composition, keeps its session logs out of the
// project (XDG state folder), and its file tools never show a sessions root that lies inside.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../lib/package-root.ts'
import { promptOnce } from './test-support/prompt-once.ts'

const base = mkdtempSync(join(tmpdir(), 'dsh-defaults-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))

/** Start `dsh --patch echo` in `cwd` with only `env`, prompt once, and stop it. */
async function promptEcho(cwd: string, env: NodeJS.ProcessEnv, text: string): Promise<string> {
  const args = [packageFile('bin', 'dsh.js'), '--patch', 'echo']
  const result = await promptOnce({
    command: process.execPath,
    args,
    cwd,
    env: { PATH: process.env.PATH, ...env },
    text,
  })
  expect(result.exit, result.stderr).toEqual({ via: 'eof', code: 0 })
  return result.sessionId
}

function project(name: string): string {
  const dir = join(base, name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'README.md'), 'hi\n')
  return dir
}

describe('dsh in a project without cordis.yml', () => {
  it('writes session logs to $XDG_STATE_HOME/dsh/sessions, else ~/.local/state/dsh/sessions', async () => {
    const cwd = project('xdg')
    const state = join(base, 'state')
    const id = await promptEcho(cwd, { XDG_STATE_HOME: state, HOME: join(base, 'home') }, 'hello')
    expect(readdirSync(join(state, 'dsh', 'sessions'))).toEqual([`${id}.jsonl`])
    const other = await promptEcho(cwd, { HOME: join(base, 'home') }, 'hello')
    expect(readdirSync(join(base, 'home', '.local', 'state', 'dsh', 'sessions'))).toEqual([`${other}.jsonl`])
    expect(readdirSync(cwd)).toEqual(['README.md'])
  })

  it('keeps a sessions root inside the project out of list_dir and read_file', async () => {
    const cwd = project('inside')
    const logs = join(cwd, '.sessions')
    const id = await promptEcho(
      cwd,
      { DSH_SESSIONS_ROOT: logs },
      `tool list_dir {}\ntool read_file {"path":".sessions/${'x'.repeat(8)}.jsonl"}`,
    )
    const results = readFileSync(join(logs, `${id}.jsonl`), 'utf8')
      .split('\n')
      .filter((line) => line.includes('"tool/result"'))
      .map((line) => JSON.parse(line).data)
    expect(results).toMatchObject([
      { output: 'README.md', isError: false },
      { output: expect.stringMatching(/is inside dsh's session log folder/), isError: true },
    ])
  })
})
