// Replaces a file's content so that no failure destroys what it replaces (issue 43, loss 1 and 2):
// the new bytes go to a temporary file in the same folder (the folder pinned-open.ts verified and
// holds), are flushed to the disk, and only then is the temporary renamed over the name. A kill -9
// or a full disk part-way leaves the old file byte for byte (and at worst a `.<name>.<hex>.dsh-tmp`
// beside it after a kill); the file keeps its mode and, where allowed, its owner.
import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { type FileHandle, link, lstat, open, rename, unlink } from 'node:fs/promises'
import { fsErrorCode } from './fs-errors.ts'
import { changedWhileOpening, PinnedFileError, type PinnedTarget } from './pinned-open.ts'

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = constants
/** Permission bits kept from the old file; set-user/group-id are dropped, as any write by a user drops them. */
const KEPT_MODE = 0o1777
/** A long name leaves room for the temporary's prefix and suffix within NAME_MAX (255 bytes). */
const TEMP_NAME_CHARS = 100

/** Where a write failed for want of room: worded plainly, then what to do. */
const NO_ROOM: Record<string, [what: string, next: string]> = {
  ENOSPC: ['the disk is full (ENOSPC)', 'Free some space and try again.'],
  EDQUOT: ['the disk quota is used up (EDQUOT)', 'Free some space and try again.'],
  EFBIG: ['the file size limit was reached (EFBIG)', 'Raise the limit (ulimit -f) or write a smaller file.'],
}

/** Writes `bytes` as the content of the target's name, atomically; the target stays open for the caller to close. */
export async function replaceContent(target: PinnedTarget, bytes: Uint8Array, display: string): Promise<void> {
  const temp = `.${target.name.slice(0, TEMP_NAME_CHARS)}.${randomBytes(4).toString('hex')}.dsh-tmp`
  const old = target.existing?.stats
  const mode = old ? old.mode & KEPT_MODE : 0o666
  let handle: FileHandle | undefined
  try {
    handle = await open(target.at(temp), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode)
    if (old) await keepModeAndOwner(handle, old)
    for (let written = 0; written < bytes.length; )
      written += (await handle.write(bytes, written, bytes.length - written)).bytesWritten
    await handle.sync()
    await handle.close()
    handle = undefined
    await (old ? renameOver(target, temp, display) : linkNew(target, temp, display))
  } catch (error) {
    await handle?.close().catch(() => undefined)
    await unlink(target.at(temp)).catch(() => undefined)
    throw describeWriteFailure(error, display, old !== undefined)
  }
  // The new name is only power-safe once the folder is synced; some file systems cannot.
  await target.folder.sync().catch(() => undefined)
}

async function keepModeAndOwner(handle: FileHandle, old: { mode: number; uid: number; gid: number }) {
  // The umask applied at creation; the old file's bits are what the user chose.
  await handle.chmod(old.mode & KEPT_MODE)
  const now = await handle.stat()
  // Only root (or the owner, for a group it is in) may; otherwise the writer owns the new file.
  if (now.uid !== old.uid || now.gid !== old.gid) await handle.chown(old.uid, old.gid).catch(() => undefined)
}

/** The old file is still the one checked when opened (a swap in the held folder is refused, not replaced). */
async function renameOver(target: PinnedTarget, temp: string, display: string): Promise<void> {
  const held = target.existing!.stats
  const now = await lstat(target.at(target.name)).catch(() => undefined)
  if (!now || now.dev !== held.dev || now.ino !== held.ino) throw changedWhileOpening(display)
  await rename(target.at(temp), target.at(target.name))
}

/** A new file appears whole under its name, or not at all if another one appeared there meanwhile. */
async function linkNew(target: PinnedTarget, temp: string, display: string): Promise<void> {
  try {
    await link(target.at(temp), target.at(target.name))
  } catch (error) {
    const code = fsErrorCode(error)
    if (code === 'EEXIST') throw changedWhileOpening(display)
    // File systems without hard links (FAT, some network mounts): rename, after checking the name is free.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error
    if (
      await lstat(target.at(target.name)).then(
        () => true,
        () => false,
      )
    )
      throw changedWhileOpening(display)
    await rename(target.at(temp), target.at(target.name))
    return
  }
  await unlink(target.at(temp))
}

function describeWriteFailure(error: unknown, display: string, existed: boolean): unknown {
  const room = NO_ROOM[fsErrorCode(error) ?? '']
  if (!room) return error
  const kept = existed ? `"${display}" is unchanged` : 'nothing was written'
  return new PinnedFileError(`Cannot write "${display}": ${room[0]}; ${kept}. ${room[1]}`)
}
