// Whole-file text for the file tools: through the editor when it offers file access (so an
// unsaved buffer is what the model sees and a write lands in the editor), else through the file
// pinned-open.ts opened. Confinement is the caller's job and is the same either way (confine.ts
// and pinned-open.ts, on the real disk).
import { type FileHandle, stat } from 'node:fs/promises'
import path from 'node:path'
import type { ConfinedPath } from './confine.ts'
import { describeFsError } from './fs-errors.ts'
import { changedWhileOpening, PinnedFileError } from './pinned-open.ts'
import type { ToolContext } from './types.ts'

type Confined = Extract<ConfinedPath, { ok: true }>

/** The absolute path the editor knows a confined file by: under the session cwd as the client gave it. */
export function editorPath(context: Pick<ToolContext, 'cwd'>, target: Pick<Confined, 'display'>): string {
  return path.resolve(context.cwd, target.display)
}

/** The editor answered a file request with an error; its message is what the model sees. */
class EditorFileError extends Error {}

/** The editor's text of the file, or the opened file's from its start. */
export async function readWholeText(context: ToolContext, target: Confined, file: FileHandle): Promise<string> {
  const client = context.client?.readTextFile
  if (!client) {
    const { size } = await file.stat()
    const buffer = Buffer.alloc(size)
    const { bytesRead } = await file.read(buffer, 0, size, 0)
    return buffer.subarray(0, bytesRead).toString('utf8')
  }
  const text = await client(editorPath(context, target), context.signal).catch((error) => {
    throw new EditorFileError(`The editor could not read "${target.display}": ${messageOf(error)}`)
  })
  // The editor resolves the path itself: what it read must still be the file checked and held.
  if (!(await sameFile(file, target.realPath))) throw changedWhileOpening(target.display)
  return text
}

async function sameFile(file: FileHandle, realPath: string): Promise<boolean> {
  const [held, named] = await Promise.all([file.stat(), stat(realPath).catch(() => undefined)])
  return named !== undefined && held.dev === named.dev && held.ino === named.ino
}

/** Through the editor, or into the opened file (opened for writing, so already checked) from its start. */
export async function writeWholeText(
  context: ToolContext,
  target: Confined,
  file: FileHandle,
  content: string,
): Promise<void> {
  const client = context.client?.writeTextFile
  if (client) {
    await client(editorPath(context, target), content, context.signal).catch((error) => {
      throw new EditorFileError(`The editor could not write "${target.display}": ${messageOf(error)}`)
    })
    return
  }
  const bytes = Buffer.from(content)
  await file.truncate(0)
  for (let written = 0; written < bytes.length; ) {
    written += (await file.write(bytes, written, bytes.length - written, written)).bytesWritten
  }
}

/** A file tool's error sentence, whether the disk, the pinning checks or the editor failed. */
export function describeFileError(error: unknown, display: string): string {
  if (error instanceof EditorFileError || error instanceof PinnedFileError) return error.message
  return describeFsError(error, display)
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** 1-based line of the first character where `after` differs from `before` (1 for a new file). */
export function firstChangedLine(before: string | null, after: string): number {
  if (before === null) return 1
  let index = 0
  while (index < before.length && index < after.length && before[index] === after[index]) index++
  return lineAt(after, index)
}

/** 1-based line number of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line++
  return line
}
