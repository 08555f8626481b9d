// A real local process that keeps swapping entries of a folder between an inside file or folder
// and a symlink to an outside one: the race a confined file tool must survive (issue 28,
// item 2). A file is swapped by atomic renames; a folder by rename-away and back.
import { type ChildProcess, spawn } from 'node:child_process'

const SCRIPT = `
const fs = require('node:fs')
const [dir, kind, name, outside] = process.argv.slice(1)
process.chdir(dir)
const ignore = (f) => { try { f() } catch {} }
for (;;) {
  if (kind === 'file') {
    ignore(() => { fs.writeFileSync(name + '.new', 'inside\\n'); fs.renameSync(name + '.new', name) })
    ignore(() => { fs.symlinkSync(outside, name + '.link'); fs.renameSync(name + '.link', name) })
  } else if (fs.lstatSync(name, { throwIfNoEntry: false })?.isDirectory()) {
    // A tool may have created the folder anew while it was away: the newest one is kept.
    ignore(() => { fs.rmSync(name + '.real', { recursive: true, force: true }); fs.renameSync(name, name + '.real') })
    ignore(() => fs.symlinkSync(outside, name))
  } else {
    ignore(() => { fs.unlinkSync(name); fs.renameSync(name + '.real', name) })
  }
}
`

/** Starts swapping `dir/name` (a file or a folder) with a symlink to `outside`; kill it when done. */
export function startSwapper(dir: string, kind: 'file' | 'folder', name: string, outside: string): ChildProcess {
  return spawn(process.execPath, ['-e', SCRIPT, dir, kind, name, outside], { stdio: 'ignore' })
}
