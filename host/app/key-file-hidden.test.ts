// dsh started by an editor that opens `~` (issue 28, item 3): the key file under the README's
// default path, the one DEEPSEEK_API_KEY_FILE names and a hard link to it are hidden from the
// file tools exactly as the sessions root is, so the key never reaches the log or the model.
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { packageFile } from '../../lib/package-root.ts'
import { promptOnce } from './test-support/prompt-once.ts'

const home = mkdtempSync(join(tmpdir(), 'dsh-home-'))
afterAll(() => rmSync(home, { recursive: true, force: true }))

const SENTINEL = 'sk-sentinel-key-0123456789abcdef'
const HIDDEN = /is inside dsh's session log folder or is its API key/

it('read_file, list_dir and write_file never reach the key file with the session cwd = $HOME', async () => {
  mkdirSync(join(home, '.config', 'dsh'), { recursive: true })
  writeFileSync(join(home, '.config', 'dsh', 'deepseek-api-key'), `${SENTINEL}\n`, { mode: 0o600 })
  writeFileSync(join(home, 'named-key'), `${SENTINEL}\n`, { mode: 0o600 })
  linkSync(join(home, '.config', 'dsh', 'deepseek-api-key'), join(home, 'linked-key'))
  const logs = join(home, '.sessions')
  const calls = [
    'tool read_file {"path":".config/dsh/deepseek-api-key"}',
    'tool list_dir {"path":".config"}',
    'tool read_file {"path":"named-key"}',
    'tool read_file {"path":"linked-key"}',
    'tool write_file {"path":".config/dsh/deepseek-api-key","content":"x"}',
  ]
  const result = await promptOnce({
    command: process.execPath,
    args: [packageFile('bin', 'dsh.js'), '--patch', 'echo'],
    cwd: home,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      DSH_SESSIONS_ROOT: logs,
      DEEPSEEK_API_KEY_FILE: join(home, 'named-key'),
    },
    text: calls.join('\n'),
  })
  expect(result.exit, result.stderr).toEqual({ via: 'eof', code: 0 })
  const log = readFileSync(join(logs, `${result.sessionId}.jsonl`), 'utf8')
  const results = log
    .split('\n')
    .filter((line) => line.includes('"tool/result"'))
    .map((line) => JSON.parse(line).data)
  expect(results).toMatchObject([
    { output: expect.stringMatching(HIDDEN), isError: true },
    { output: '(empty directory)', isError: false },
    { output: expect.stringMatching(HIDDEN), isError: true },
    { output: expect.stringMatching(/is a link to a file dsh keeps from the tools/), isError: true },
    { isError: true },
  ])
  expect(log).not.toContain(SENTINEL)
  expect(readFileSync(join(home, '.config', 'dsh', 'deepseek-api-key'), 'utf8')).toBe(`${SENTINEL}\n`)
})
