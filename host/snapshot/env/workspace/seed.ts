// Copy a scenario's `workspace/` seed into the run's fresh cwd. Symlinks are
// recreated as symlinks (a `{{cwd}}` in a target becomes the real cwd), empty
// directories are kept (`.empty` markers are not copied), and nothing is
// overwritten: the cwd is expected to be fresh.
import { chmod, constants, copyFile, lstat, mkdir, readdir, readlink, symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { EMPTY_DIR_MARKER } from './tree.ts'

/** Returns false when the scenario has no `workspace/` folder (nothing to seed). */
export async function seedWorkspace(scenarioDir: string, cwd: string): Promise<boolean> {
  const source = join(scenarioDir, 'workspace')
  try {
    if (!(await lstat(source)).isDirectory()) throw new Error(`${source} must be a directory of seed files`)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw error
  }
  await copyTree(source, cwd, cwd)
  return true
}

async function copyTree(from: string, to: string, cwd: string): Promise<void> {
  await mkdir(to, { recursive: true })
  for (const name of await readdir(from)) {
    const src = join(from, name)
    const dest = join(to, name)
    const stat = await lstat(src)
    if (stat.isSymbolicLink()) {
      await symlink((await readlink(src)).replaceAll('{{cwd}}', cwd), dest)
    } else if (stat.isDirectory()) {
      await copyTree(src, dest, cwd)
    } else if (stat.isFile()) {
      if (name === EMPTY_DIR_MARKER) continue
      await copyFile(src, dest, constants.COPYFILE_EXCL)
      await chmod(dest, stat.mode & 0o777)
    } else {
      throw new Error(`cannot seed ${src}: only files, directories and symlinks are supported`)
    }
  }
}
