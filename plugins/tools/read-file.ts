// read_file: a text file inside the cwd, verbatim, bounded to readMaxBytes. Through the
// editor when it shares its files (an unsaved buffer is what the model sees), else from disk.
import type { Stats } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { confineExisting } from './confine.ts'
import { defineTool, errorResult, okResult, requiredString, toolArgs } from './define-tool.ts'
import { describeFileError, editorPath, readWholeText } from './file-text.ts'
import { openForRead } from './pinned-open.ts'
import { truncateHead } from './truncate.ts'
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

async function readBounded(file: FileHandle, stats: Stats, display: string, maxBytes: number): Promise<ToolResult> {
  // One byte past the limit tells truncateHead whether the cut splits a character.
  const buffer = Buffer.alloc(Math.min(stats.size, maxBytes + 1))
  const { bytesRead } = await file.read(buffer, 0, buffer.length, 0)
  const bytes = buffer.subarray(0, bytesRead)
  if (bytes.includes(0)) return binary(display)
  if (stats.size === 0) return okResult('(empty file)')
  return okResult(truncateHead(bytes, maxBytes, stats.size))
}
