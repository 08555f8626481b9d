// read_file: a text file inside the cwd, verbatim, bounded to readMaxBytes.
import { open, stat } from 'node:fs/promises'
import { confineExisting } from './confine.ts'
import { defineTool, errorResult, okResult, requiredString, toolArgs } from './define-tool.ts'
import { describeFsError } from './fs-errors.ts'
import { truncateHead } from './truncate.ts'

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
      const target = await confineExisting(context.cwd, args.path, context.hidden)
      if (!target.ok) return errorResult(target.message)
      try {
        return await readBounded(target.realPath, target.display, options.readMaxBytes)
      } catch (error) {
        return errorResult(describeFsError(error, target.display))
      }
    },
  })
}

async function readBounded(realPath: string, display: string, maxBytes: number) {
  // stat before open: opening a FIFO would block until a writer shows up.
  const stats = await stat(realPath)
  if (stats.isDirectory()) return errorResult(`"${display}" is a directory; use list_dir to see its entries.`)
  if (!stats.isFile()) return errorResult(`"${display}" is not a regular file.`)
  const file = await open(realPath, 'r')
  try {
    // One byte past the limit tells truncateHead whether the cut splits a character.
    const buffer = Buffer.alloc(Math.min(stats.size, maxBytes + 1))
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0)
    const bytes = buffer.subarray(0, bytesRead)
    if (bytes.includes(0))
      return errorResult(`"${display}" looks like a binary file (it contains NUL bytes); read_file shows text only.`)
    if (stats.size === 0) return okResult('(empty file)')
    return okResult(truncateHead(bytes, maxBytes, stats.size))
  } finally {
    await file.close()
  }
}
