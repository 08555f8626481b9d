// write_file: create or overwrite a file inside the cwd, creating parent directories.
import { lstat, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { confineForWrite } from './confine.ts'
import { defineTool, errorResult, okResult, requiredString, toolArgs } from './define-tool.ts'
import { describeFsError, fsErrorCode } from './fs-errors.ts'

const WriteFileArgs = toolArgs({
  path: requiredString().min(1, 'must not be empty').describe('File path relative to the working directory'),
  content: requiredString().describe('The complete new content of the file'),
})

export function createWriteFileTool() {
  return defineTool({
    name: 'write_file',
    description:
      'Create a file or replace its whole content, inside the working directory. Missing parent directories are created.',
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
        await mkdir(path.dirname(target.realPath), { recursive: true })
        await writeFile(target.realPath, args.content)
        const bytes = Buffer.byteLength(args.content)
        return okResult(`${existed ? 'updated' : 'created'} ${target.display} (${bytes} bytes)`)
      } catch (error) {
        return errorResult(describeFsError(error, target.display))
      }
    },
  })
}

/** true: an existing file; false: nothing there yet; a string: why it cannot be written. */
async function isFile(realPath: string, display: string): Promise<boolean | string> {
  try {
    const stats = await lstat(realPath)
    if (stats.isFile()) return true
    if (stats.isDirectory()) return `"${display}" is a directory; write_file needs a file path.`
    return `"${display}" is not a regular file.`
  } catch (error) {
    if (fsErrorCode(error) === 'ENOENT') return false
    throw error
  }
}
