// issue 43, loss 1 and 2: write_file and edit_file replace a file through a temporary file renamed
// over it, so a failure part-way (a full disk, a file size limit) leaves the original byte for byte
// and says so plainly; the file keeps its mode; nothing is left beside it.
import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, mkdirSync, readdirSync, readFileSync, statfsSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { withTimeout } from '../../lib/with-timeout.ts'
import { packageRoot } from '../../lib/package-root.ts'
import { createEditFileTool } from './edit-file.ts'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'
import { createWriteFileTool } from './write-file.ts'

let workspace: Workspace
const mounts: string[] = []
beforeEach(async () => {
  workspace = await makeWorkspace()
})
afterEach(async () => {
  for (const dir of mounts.splice(0)) execFileSync('umount', ['-l', dir])
  await workspace.cleanup()
})

const write = createWriteFileTool({ readMaxBytes: 1024 })
const edit = createEditFileTool({ readMaxBytes: 1024 })
const CHILD = path.join(packageRoot, 'plugins/tools/test-support/write-child.ts')

/** A 256 KiB tmpfs as the cwd's folder `disk`; false where this process may not mount (not root). */
function tryTmpfs(dir: string): boolean {
  mkdirSync(dir)
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', dir], { stdio: 'ignore' })
  } catch {
    return false
  }
  mounts.push(dir)
  return true
}

/** Runs one tool call in a process whose files may not grow past `limitKiB` (bash's ulimit -f). */
async function runWithFileLimit(limitKiB: number, call: object): Promise<{ output: string; isError: boolean }> {
  const script = `ulimit -f ${limitKiB}; exec "$0" --import tsx "$@"`
  const child = spawn('bash', ['-c', script, process.execPath, CHILD, workspace.cwd, JSON.stringify(call)], {
    cwd: packageRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const chunks: Buffer[] = []
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  await withTimeout(exited, 60_000, 'the write child to exit')
  return JSON.parse(Buffer.concat(chunks).toString('utf8'))
}

it('keeps the mode of the file it replaces and leaves nothing beside it', async () => {
  await workspace.write('run.sh', 'echo one\n')
  chmodSync(path.join(workspace.cwd, 'run.sh'), 0o750)
  expect(await write.run({ path: 'run.sh', content: 'echo two\n' }, workspace.context())).toMatchObject({
    isError: false,
  })
  expect(statSync(path.join(workspace.cwd, 'run.sh')).mode & 0o7777).toBe(0o750)
  chmodSync(path.join(workspace.cwd, 'run.sh'), 0o604)
  const edited = await edit.run({ path: 'run.sh', old_string: 'two', new_string: 'three' }, workspace.context())
  expect(edited).toMatchObject({ isError: false })
  expect(statSync(path.join(workspace.cwd, 'run.sh')).mode & 0o7777).toBe(0o604)
  expect(readFileSync(path.join(workspace.cwd, 'run.sh'), 'utf8')).toBe('echo three\n')
  expect(readdirSync(workspace.cwd)).toEqual(['run.sh'])
})

it('a full disk leaves the original byte for byte and says "disk full" ' +
  '(a real tmpfs, else a file size limit)', async () => {
  const disk = path.join(workspace.cwd, 'disk')
  const original = Buffer.from('ab'.repeat(50 * 1024))
  if (!tryTmpfs(disk)) {
    // Not allowed to mount here: the same loss through a real limit the kernel enforces on this process.
    writeFileSync(path.join(disk, 'keep.txt'), original)
    const call = { tool: 'write_file', args: { path: 'disk/keep.txt' }, fill: { key: 'content', bytes: 200_000 } }
    const result = await runWithFileLimit(64, call)
    expect(result).toEqual({ output: expect.stringMatching(/file size limit was reached \(EFBIG\)/), isError: true })
    expect(readFileSync(path.join(disk, 'keep.txt')).equals(original)).toBe(true)
    expect(readdirSync(disk)).toEqual(['keep.txt'])
    return
  }
  writeFileSync(path.join(disk, 'keep.txt'), original)
  const { bavail, bsize } = statfsSync(disk)
  writeFileSync(path.join(disk, 'filler'), Buffer.alloc(Math.max(0, bavail * bsize - 32 * 1024)))
  expect(await write.run({ path: 'disk/keep.txt', content: 'y'.repeat(100_000) }, workspace.context())).toEqual({
    output:
      'Cannot write "disk/keep.txt": the disk is full (ENOSPC); "disk/keep.txt" is unchanged. Free some space and ' +
      'try again.',
    isError: true,
  })
  const grown = await edit.run(
    { path: 'disk/keep.txt', old_string: 'a', new_string: 'aa', replace_all: true },
    workspace.context(),
  )
  expect(grown).toEqual({
    output: expect.stringMatching(/the disk is full \(ENOSPC\); "disk\/keep.txt" is unchanged/),
    isError: true,
  })
  expect(await write.run({ path: 'disk/new.txt', content: 'z'.repeat(100_000) }, workspace.context())).toEqual({
    output: expect.stringMatching(/the disk is full \(ENOSPC\); nothing was written/),
    isError: true,
  })
  expect(readFileSync(path.join(disk, 'keep.txt')).equals(original)).toBe(true)
  expect(readdirSync(disk).sort()).toEqual(['filler', 'keep.txt'])
}, 90_000)

it('a file size limit (ulimit -f, a real process) leaves the original and names the limit', async () => {
  const original = Buffer.from('ab'.repeat(50 * 1024))
  await workspace.write('keep.txt', original)
  const call = { tool: 'edit_file', args: { path: 'keep.txt', old_string: 'a', new_string: 'aaa', replace_all: true } }
  const result = await runWithFileLimit(64, call)
  expect(result).toEqual({
    output:
      'Cannot write "keep.txt": the file size limit was reached (EFBIG); "keep.txt" is unchanged. Raise the limit ' +
      '(ulimit -f) or write a smaller file.',
    isError: true,
  })
  expect(readFileSync(path.join(workspace.cwd, 'keep.txt')).equals(original)).toBe(true)
  expect(readdirSync(workspace.cwd)).toEqual(['keep.txt'])
}, 90_000)

it('a file the user may not write stays refused, though its folder would allow the rename (run as nobody)', () => {
  // Root may write anything: the call runs as nobody, in a folder anyone may write (so a rename would
  // succeed), on root's read-only file.
  chmodSync(path.dirname(workspace.cwd), 0o755)
  chmodSync(workspace.cwd, 0o777)
  writeFileSync(path.join(workspace.cwd, 'ro.txt'), 'keep\n')
  chmodSync(path.join(workspace.cwd, 'ro.txt'), 0o444)
  const call = JSON.stringify({ tool: 'write_file', args: { path: 'ro.txt', content: 'changed\n' } })
  const args = ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '--import', 'tsx', CHILD]
  const out = execFileSync('setpriv', [...args, workspace.cwd, call], { cwd: packageRoot, encoding: 'utf8' })
  expect(JSON.parse(out)).toEqual({ output: 'Permission denied for "ro.txt".', isError: true })
  expect(readFileSync(path.join(workspace.cwd, 'ro.txt'), 'utf8')).toBe('keep\n')
  expect(readdirSync(workspace.cwd)).toEqual(['ro.txt'])
}, 90_000)
