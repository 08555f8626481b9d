// Whole-file text for the file tools: through the editor when it offers file access (so an
// unsaved buffer is what the model sees and a write lands in the editor), else through the file
// pinned-open.ts opened. Confinement is the caller's job and is the same either way (confine.ts
// and pinned-open.ts, on the real disk).
import { type FileHandle, stat } from 'node:fs/promises'
import path from 'node:path'
import type { ConfinedPath } from './confine.ts'
import { describeFsError } from './fs-errors.ts'
import { replaceContent } from './atomic-write.ts'
import { changedWhileOpening, PinnedFileError, type PinnedTarget } from './pinned-open.ts'
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
  if (!client) return (await readAllBytes(file)).toString('utf8')
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

/** An open file's bytes from its start to its end, whatever its size claims (/proc and /sys files lie). */
export async function readAllBytes(file: FileHandle): Promise<Buffer> {
  const { size } = await file.stat()
  const chunks: Buffer[] = []
  for (let at = 0; ; ) {
    const buffer = Buffer.alloc(Math.max(size - at, 64 * 1024))
    const { bytesRead } = await file.read(buffer, 0, buffer.length, at)
    if (bytesRead === 0) return Buffer.concat(chunks)
    chunks.push(buffer.subarray(0, bytesRead))
    at += bytesRead
  }
}

/** Through the editor, or atomically in place of the pinned file (atomic-write.ts). */
export async function writeWholeText(
  context: ToolContext,
  target: Confined,
  pinned: PinnedTarget,
  content: string,
): Promise<void> {
  const client = context.client?.writeTextFile
  if (client) {
    await client(editorPath(context, target), content, context.signal).catch((error) => {
      throw new EditorFileError(`The editor could not write "${target.display}": ${messageOf(error)}`)
    })
    return
  }
  await replaceContent(pinned, Buffer.from(content), target.display)
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
