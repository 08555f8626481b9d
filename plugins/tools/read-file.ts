// read_file: a text file inside the cwd, verbatim, bounded to readMaxBytes. Through the
// editor when it shares its files (an unsaved buffer is what the model sees), else from disk.
import type { Stats } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { confineExisting } from './confine.ts'
import { defineTool, errorResult, okResult, requiredString, toolArgs } from './define-tool.ts'
import { describeFileError, editorPath, readWholeText } from './file-text.ts'
import { openForRead } from './pinned-open.ts'
import { appendLine, headBoundary, truncateHead } from './truncate.ts'
import { hexByte, type Utf8Problem, utf8Problem } from '../../lib/utf8.ts'
import { plural } from '../../lib/plural.ts'
import type { ToolContext, ToolResult } from './types.ts'

const ReadFileArgs = toolArgs({
  path: requiredString().describe('File path relative to the working directory'),
})

export function createReadFileTool(options: { readMaxBytes: number }) {
  return defineTool({
    name: 'read_file',
    description:
      'Read a UTF-8 text file inside the working directory and return its content verbatim. ' +
      `Files larger than ${options.readMaxBytes} bytes are cut off with a "[output truncated: N bytes omitted]" line.`,
    kind: 'read',
    needsApproval: false,
    args: ReadFileArgs,
    title: (args) => (args ? `read_file ${args.path}` : 'read_file'),
    async run(args, context) {
      const target = confineExisting(context.cwd, args.path, context.hidden, context.additionalDirectories)
      if (!target.ok) return errorResult(target.message)
      let file: FileHandle | undefined
      try {
        // Opened and checked even when the editor reads it: what it names must be a file inside.
        const pinned = await openForRead(target)
        file = pinned.handle
        if (pinned.stats.isDirectory())
          return errorResult(`"${target.display}" is a directory; use list_dir to see its entries.`)
        if (!pinned.stats.isFile()) return errorResult(`"${target.display}" is not a regular file.`)
        const result = context.client?.readTextFile
          ? await readThroughEditor(context, target, file, options.readMaxBytes)
          : await readBounded(file, pinned.stats, target.display, options.readMaxBytes)
        if (result.isError) return result
        return { ...result, display: { locations: [{ path: editorPath(context, target), line: 1 }] } }
      } catch (error) {
        return errorResult(describeFileError(error, target.display))
      } finally {
        await file?.close()
      }
    },
  })
}

const binary = (display: string) =>
  errorResult(`"${display}" looks like a binary file (it contains NUL bytes); read_file shows text only.`)

/** The editor's text of the file (its buffer when open), bounded like a disk read. */
async function readThroughEditor(
  context: ToolContext,
  target: Parameters<typeof readWholeText>[1],
  file: FileHandle,
  maxBytes: number,
): Promise<ToolResult> {
  const text = await readWholeText(context, target, file)
  if (text.includes('\0')) return binary(target.display)
  if (text === '') return okResult('(empty file)')
  return okResult(truncateHead(Buffer.from(text), maxBytes))
}

/**
 * The file's first `maxBytes`, read to its end rather than to the size it claims: /proc files say 0
 * and /sys files 4096 whatever they hold. The marker counts what was left out; for a file whose size
 * is no count of its bytes, the rest is read and counted, up to COUNT_LIMIT.
 */
async function readBounded(file: FileHandle, stats: Stats, display: string, maxBytes: number): Promise<ToolResult> {
  // One byte past the limit tells truncateHead whether the cut splits a character.
  const bytes = await readUpTo(file, maxBytes + 1)
  if (bytes.includes(0)) return binary(display)
  if (bytes.length === 0) return okResult('(empty file)')
  const total = bytes.length <= maxBytes ? { bytes: bytes.length } : await totalBytes(file, stats, bytes.length)
  const text = truncateHead(bytes, maxBytes, total.bytes, total.atLeast)
  const problem = utf8Problem(bytes.subarray(0, headBoundary(bytes, maxBytes)))
  return okResult(problem ? appendLine(text, replacedNote(problem)) : text)
}

/** Counting past this many bytes stops: the marker then says "at least". */
const COUNT_LIMIT = 16 * 1024 * 1024

async function readUpTo(file: FileHandle, limit: number): Promise<Buffer> {
  const buffer = Buffer.alloc(limit)
  let filled = 0
  while (filled < limit) {
    const { bytesRead } = await file.read(buffer, filled, limit - filled, filled)
    if (bytesRead === 0) break
    filled += bytesRead
  }
  return buffer.subarray(0, filled)
}

async function totalBytes(file: FileHandle, stats: Stats, read: number): Promise<{ bytes: number; atLeast?: boolean }> {
  if (stats.size >= read && stats.blocks > 0) return { bytes: stats.size }
  const chunk = Buffer.alloc(64 * 1024)
  let at = read
  for (let bytesRead = 1; bytesRead > 0 && at < COUNT_LIMIT; at += bytesRead)
    ({ bytesRead } = await file.read(chunk, 0, chunk.length, at))
  return at < COUNT_LIMIT ? { bytes: at } : { bytes: at, atLeast: true }
}

/** What a read shows in place of bytes that are not UTF-8 (issue 43, loss 3). */
function replacedNote(problem: Utf8Problem): string {
  return (
    `[${plural(problem.invalid, 'byte')} not valid UTF-8 shown as U+FFFD (\uFFFD), the first ` +
    `(${hexByte(problem.byte)}) on line ${problem.line}; the file may be Latin-1 or another encoding]`
  )
}
