// Usage errors exit 2 in every command, before any work: an unknown overlay name, a --config or
// --patch file that is not there, a --root that is not a folder (or has no scenarios/ for dsh test),
// an output file in a folder that does not exist, a --suite that is not a folder. Each names the
// flag and the value, and points to the command's --help.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../test-support/run-cli.ts'

const empty = mkdtempSync(join(tmpdir(), 'dsh-exit-codes-'))
afterAll(() => rmSync(empty, { recursive: true, force: true }))
const missing = join(empty, 'no-such')

const cases: Array<[string, string[], string]> = [
  ['serve: an unknown overlay name', ['--patch', 'nosuchoverlay'], '--patch nosuchoverlay: no bundled overlay'],
  ['serve: a missing overlay file', ['--patch', `${missing}.yml`], `--patch ${missing}.yml: no such file`],
  [
    'serve: a bundled overlay named by its file name',
    ['--patch', join(empty, 'cordis.snapshot.yml')],
    'the bundled overlay of that name is `--patch snapshot`',
  ],
  [
    'serve: an overlays/ file that is bundled',
    ['--patch', join(empty, 'overlays', 'echo.cordis.yml')],
    'the bundled overlay of that name is `--patch echo`',
  ],
  ['config: a missing --config', ['config', '--config', `${missing}.yml`], `--config ${missing}.yml: no such file`],
  ['test: an unknown overlay name', ['test', 'text-turn', '--patch', 'nosuchoverlay'], 'no bundled overlay'],
  ['test: a --root that is not a folder', ['test', '--root', missing], `--root ${missing}: not an existing folder`],
  ['test: a root without scenarios/', ['test', '--root', empty], `no scenarios/ folder in ${empty}`],
  ['test: --html in a missing folder', ['test', 'text-turn', '--html', join(missing, 'r.html')], 'no folder'],
  ['test: --report in a missing folder', ['test', '--report', join(missing, 'r.json')], `no folder ${missing}`],
  ['review: a --root that is not a folder', ['review', '--root', missing], 'not an existing folder'],
  ['new: a --root that is not a folder', ['new', 'x', '--root', missing], 'not an existing folder'],
  ['new: a --table that is not there', ['new', 'x', '--root', empty, '--table', `${missing}.ts`], 'no such file'],
  [
    'report merge: --html in a missing folder',
    ['report', 'merge', 'b.json', '--html', join(missing, 'h')],
    'no folder',
  ],
  ['conformance: a --suite that is not a folder', ['conformance', '--agent-command', 'x', '--suite', missing], missing],
]

describe('usage errors exit 2', () => {
  it.each(cases)('%s', async (_, argv, message) => {
    const result = await runCli(argv)
    expect(result.stderr).toContain(message)
    expect(result.stderr).toMatch(/\nRun dsh \w+ --help for usage\.\n$/)
    // Refused before any work: no progress line, no scenario run.
    expect(result.stderr).not.toContain('dsh test:')
    expect(result.code).toBe(2)
  })
})
