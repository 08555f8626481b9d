// issue 43, loss 1: kill -9 of a real process in the middle of write_file over an existing 40 MB file.
// The process stops itself at its first write (test-support/write-child.ts prints `paused`), then
// gets SIGKILL: the original is byte for byte what it was; at most the temporary is left beside it.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { packageRoot } from '../../lib/package-root.ts'
import { withTimeout } from '../../lib/with-timeout.ts'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'

let workspace: Workspace
beforeEach(async () => {
  workspace = await makeWorkspace()
})
afterEach(() => workspace.cleanup())

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

// edit_file edits files up to 4 MiB: its call runs on a file of that size.
it.each([
  ['write_file', 40, { path: 'big.txt', content: 'new content\n' }],
  ['edit_file', 4, { path: 'big.txt', old_string: 'ab', new_string: 'cd', replace_all: true }],
])(
  'kill -9 in the middle of %s over a %i MiB file leaves the original whole',
  async (tool, mib, args) => {
    await workspace.write('big.txt', Buffer.alloc(mib * 1024 * 1024, 'ab'))
    const before = digest(readFileSync(path.join(workspace.cwd, 'big.txt')))
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'plugins/tools/test-support/write-child.ts',
        workspace.cwd,
        JSON.stringify({ tool, args, pause: true }),
      ],
      { cwd: packageRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const exited = new Promise((resolve) => child.on('exit', resolve))
    let seen = ''
    const paused = new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: Buffer) => {
        seen += chunk.toString()
        if (seen.includes('paused\n')) resolve()
      }),
    )
    await withTimeout(paused, 60_000, `the ${tool} child to reach its first write (stdout so far: ${seen})`)
    child.kill('SIGKILL')
    await withTimeout(exited, 5_000, 'the killed child to exit')
    expect(digest(readFileSync(path.join(workspace.cwd, 'big.txt')))).toBe(before)
    const left = readdirSync(workspace.cwd).filter((name) => name !== 'big.txt')
    expect(
      left.every((name) => /^\.big\.txt\.[0-9a-f]{8}\.dsh-tmp$/.test(name)),
      left.join(', '),
    ).toBe(true)
  },
  90_000,
)
