// `--cwd DIR` is put back after each case whoever changed it: the agent's own writes and
// deletes included, not only the runner's fs service (dir-snapshot.ts).
import { spawnSync } from 'node:child_process'
import {
  chmod,
  lstat,
  mkdir,
  readFile,
  readdir,
  readlink,
  rm,
  stat,
  symlink,
  truncate,
  writeFile,
} from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { restoreSnapshot, takeSnapshot } from './dir-snapshot.ts'
import { FAKE_AGENT, promptCase, runTestSuite } from './test-support/run-test-suite.ts'
import { removeScratch, scratchDir } from './test-support/scratch.ts'
import { writeSuite } from './test-support/suite-dir.ts'

/** Every path under `root` with its kind, mode and content (or link target): a folder's full state. */
async function describeTree(root: string, rel = ''): Promise<string[]> {
  const path = join(root, rel)
  const info = await lstat(path)
  const mode = (info.mode & 0o7777).toString(8)
  if (info.isSymbolicLink()) return [`${rel} -> ${await readlink(path)}`]
  if (info.isFile()) return [`${rel} ${mode} ${JSON.stringify(await readFile(path, 'utf8'))}`]
  if (!info.isDirectory()) return [`${rel} other`]
  const children = await Promise.all((await readdir(path)).sort().map((name) => describeTree(root, join(rel, name))))
  return [`${rel}/ ${mode}`, ...children.flat()]
}

async function userFolder() {
  const cwd = await scratchDir('cwd')
  await writeFile(join(cwd, 'keep.txt'), 'original')
  await mkdir(join(cwd, 'sub'))
  await writeFile(join(cwd, 'sub', 'old.txt'), 'old')
  await symlink('keep.txt', join(cwd, 'link'))
  return cwd
}

describe('--cwd restored after each case', () => {
  afterAll(removeScratch)

  it('undoes what the agent wrote, created and deleted with its own tools', async () => {
    const suiteDir = await writeSuite({
      cases: {
        '001-disk.json': promptCase(
          'the agent changes the cwd itself',
          ['disk-write keep.txt clobbered', 'disk-write new/deep/x.txt new', 'disk-delete sub/old.txt'].join('\n'),
          [
            { check: 'workspaceFile', path: 'keep.txt', contains: 'clobbered' },
            { check: 'workspaceFile', path: 'new/deep/x.txt', contains: 'new' },
            { check: 'workspaceFile', path: 'sub/old.txt', exists: false },
          ],
        ),
      },
    })
    const cwd = await userFolder()
    const before = await describeTree(cwd)
    const { code, result } = await runTestSuite({ suiteDir, agentCommand: FAKE_AGENT, cwd })
    expect(result('disk')).toMatchObject({ status: 'pass', failures: [] })
    expect(code).toBe(0)
    expect(await describeTree(cwd)).toEqual(before)
  })

  it(
    'puts back content, modes, times, links and kinds; adds ' + 'nothing and reports a FIFO it cannot recreate',
    async () => {
      const cwd = await userFolder()
      await chmod(join(cwd, 'sub', 'old.txt'), 0o600)
      spawnSync('mkfifo', [join(cwd, 'pipe')])
      const before = await describeTree(cwd)
      const keptTime = (await stat(join(cwd, 'keep.txt'))).mtimeMs
      const snapshot = await takeSnapshot(cwd)

      await writeFile(join(cwd, 'keep.txt'), 'changed')
      await chmod(join(cwd, 'sub', 'old.txt'), 0o644)
      await rm(join(cwd, 'link'))
      await writeFile(join(cwd, 'link'), 'the link is a file now')
      await mkdir(join(cwd, 'added', 'deeper'), { recursive: true })
      spawnSync('rm', ['-rf', join(cwd, 'sub'), join(cwd, 'pipe')])

      expect(await restoreSnapshot(cwd, snapshot)).toEqual([
        `cannot recreate ${join(cwd, 'pipe')}: it was a FIFO, socket or device`,
      ])
      expect(await describeTree(cwd)).toEqual(before.filter((line) => !line.startsWith('pipe ')))
      expect(Math.abs((await stat(join(cwd, 'keep.txt'))).mtimeMs - keptTime)).toBeLessThan(1)
    },
  )

  it('refuses a folder too large to keep in memory, naming the limit', async () => {
    const cwd = await scratchDir('large')
    await writeFile(join(cwd, 'a.bin'), Buffer.alloc(600))
    await writeFile(join(cwd, 'b.bin'), Buffer.alloc(600))
    await expect(takeSnapshot(cwd, { entries: 10, bytes: 1000 })).rejects.toThrow(
      `cannot keep a copy of ${cwd} to restore after the case (it holds more than 1000 bytes)`,
    )
    await expect(takeSnapshot(cwd, { entries: 2, bytes: 1000 })).rejects.toThrow(/\(it holds more than 2 entries\)/)
    // The default limits: a sparse file just over 64 MiB (no disk used) is refused before it is read.
    await truncate(join(cwd, 'b.bin'), 64 * 1024 * 1024 + 1)
    await expect(takeSnapshot(cwd)).rejects.toThrow(
      '(it holds more than 67108864 bytes); the runner restores --cwd whole, so use a smaller folder ' +
        '(at most 10000 entries and 64 MiB of files',
    )
  })
})
