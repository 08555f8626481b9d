// Copy a scenario's `workspace/` seed into the run's fresh cwd. Symlinks are
// recreated as symlinks (a `{{cwd}}` in a target becomes the real cwd), empty
// directories are kept (`.empty` markers are not copied), and nothing is
// overwritten: the cwd is expected to be fresh. Synchronous: seeds are a few small files, and
// each async step is a thread-pool round trip that a busy machine stretches.
import {
  chmodSync,
  constants,
  copyFileSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs'
import { join } from 'node:path'
import { EMPTY_DIR_MARKER } from './tree.ts'
import { expandCwd } from '../../../../lib/cwd-spellings.ts'

/** Returns false when the scenario has no `workspace/` folder (nothing to seed). */
export async function seedWorkspace(scenarioDir: string, cwd: string): Promise<boolean> {
  const source = join(scenarioDir, 'workspace')
  try {
    if (!lstatSync(source).isDirectory()) throw new Error(`${source} must be a directory of seed files`)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
  copyTree(source, cwd, cwd)
  return true
}

function copyTree(from: string, to: string, cwd: string): void {
  mkdirSync(to, { recursive: true })
  for (const name of readdirSync(from)) {
    const src = join(from, name)
    const dest = join(to, name)
    const stat = lstatSync(src)
    if (stat.isSymbolicLink()) {
      symlinkSync(expandCwd(readlinkSync(src), cwd), dest)
    } else if (stat.isDirectory()) {
      copyTree(src, dest, cwd)
    } else if (stat.isFile()) {
      if (name === EMPTY_DIR_MARKER) continue
      copyFileSync(src, dest, constants.COPYFILE_EXCL)
      chmodSync(dest, stat.mode & 0o777)
    } else {
      throw new Error(`cannot seed ${src}: only files, directories and symlinks are supported`)
    }
  }
}
