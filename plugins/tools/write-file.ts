// write_file: create or overwrite a file inside the cwd, creating parent directories.
import { lstat } from 'node:fs/promises'
import { confineForWrite } from './confine.ts'
import { defineTool, errorResult, okResult, requiredString, toolArgs } from './define-tool.ts'
import { editDisplay } from './edit-display.ts'
import { describeFileError, readWholeText, writeWholeText } from './file-text.ts'
import { fsErrorCode } from './fs-errors.ts'

const WriteFileArgs = toolArgs({
  path: requiredString().min(1, 'must not be empty').describe('File path relative to the working directory'),
  content: requiredString().describe('The complete new content of the file'),
})

export function createWriteFileTool(options: { readMaxBytes: number }) {
  return defineTool({
    name: 'write_file',
    description:
      'Create a file or replace its whole content, inside the working directory. Missing parent directories are ' +
      'created.',
    kind: 'edit',
    needsApproval: true,
    args: WriteFileArgs,
    title: (args) => (args ? `write_file ${args.path}` : 'write_file'),
    async run(args, context) {
      const target = await confineForWrite(context.cwd, args.path, context.hidden)
      if (!target.ok) return errorResult(target.message)
      try {
        const existed = await isFile(target.realPath, target.display)
        if (typeof existed === 'string') return errorResult(existed)
        // The old text is only for the editor's diff (through the editor: the buffer being replaced),
        // so failing to read it leaves the diff out instead of failing the write.
        const oldText =
          existed === false
            ? null
            : existed > options.readMaxBytes
              ? undefined
              : await readWholeText(context, target).catch(() => undefined)
        await writeWholeText(context, target, args.content)
        const bytes = Buffer.byteLength(args.content)
        return {
          ...okResult(`${existed === false ? 'created' : 'updated'} ${target.display} (${bytes} bytes)`),
          display: editDisplay(context, target, oldText, args.content, options.readMaxBytes),
        }
      } catch (error) {
        return errorResult(describeFileError(error, target.display))
      }
    },
  })
}

/** An existing file's size; false: nothing there yet; a string: why it cannot be written. */
async function isFile(realPath: string, display: string): Promise<number | false | string> {
  try {
    const stats = await lstat(realPath)
    if (stats.isFile()) return stats.size
    if (stats.isDirectory()) return `"${display}" is a directory; write_file needs a file path.`
    return `"${display}" is not a regular file.`
  } catch (error) {
    if (fsErrorCode(error) === 'ENOENT') return false
    throw error
  }
}
