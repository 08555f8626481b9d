// Writing a key file (`dsh login`, docs/security.md "API keys"): mode 0600 from the first byte,
// atomically (a temp file beside it, fsynced, renamed over it), so a reader never sees half a key
// and no other user ever could. The folder is made 0700 when missing. Errors never carry the key.
import { randomBytes } from 'node:crypto'
import { closeSync, fchmodSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'

export function writeKeyFile(file: string, key: string): void {
  const folder = path.dirname(file)
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  const temp = path.join(folder, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`)
  const fd = openSync(temp, 'wx', 0o600)
  try {
    try {
      // The umask may only take bits away; this makes sure it did not leave any.
      fchmodSync(fd, 0o600)
      writeSync(fd, `${key}\n`)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(temp, file)
  } catch (error) {
    rmSync(temp, { force: true })
    throw error
  }
}
