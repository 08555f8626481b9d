// list_dir: one directory inside the cwd, one entry per line, in a locale-independent order.
import { readdir } from 'node:fs/promises'
import type { Dirent } from 'node:fs'
import path from 'node:path'
import { confineExisting, isHidden, realHidden } from './confine.ts'
import { defineTool, errorResult, okResult, toolArgs } from './define-tool.ts'
import { editorPath } from './file-text.ts'
import { describeFileError } from './file-text.ts'
import { fsErrorCode } from './fs-errors.ts'
import { openFolder } from './pinned-open.ts'
import { z } from 'zod'
import { truncateHead } from './truncate.ts'

const ListDirArgs = toolArgs({
  path: z
    .string({ error: 'must be a string' })
    .optional()
    .describe('Directory path relative to the working directory; defaults to the working directory itself'),
})

export function createListDirTool(options: { readMaxBytes: number }) {
  return defineTool({
    name: 'list_dir',
    description:
      'List the entries of a directory inside the working directory (not recursive), sorted by name. ' +
      'Directories end with "/", symlinks with "@".',
    kind: 'read',
    needsApproval: false,
    args: ListDirArgs,
    title: (args) => `list_dir ${args?.path || '.'}`,
    async run(args, context) {
      const target = confineExisting(context.cwd, args.path || '.', context.hidden, context.additionalDirectories)
      if (!target.ok) return errorResult(target.message)
      try {
        // The entries of the folder that was verified, not of whatever the name leads to by now.
        const folder = await openFolder(target)
        const listed = await readdir(folder.path, { withFileTypes: true }).finally(() => folder.handle.close())
        const hidden = realHidden(context.hidden)
        const entries = listed.filter((entry) => !isHidden(path.join(target.realPath, entry.name), hidden))
        const display = { locations: [{ path: editorPath(context, target) }] }
        if (!entries.length) return { ...okResult('(empty directory)'), display }
        const listing = entries
          .sort((a, b) => compareCodeUnits(a.name, b.name))
          .map(formatEntry)
          .join('\n')
        return { ...okResult(truncateHead(Buffer.from(listing), options.readMaxBytes)), display }
      } catch (error) {
        if (fsErrorCode(error) === 'ENOTDIR')
          return errorResult(`"${target.display}" is not a directory; use read_file to read a file.`)
        return errorResult(describeFileError(error, target.display))
      }
    },
  })
}

/** `ls -F` style: the suffix tells the model what it can do with the entry. */
function formatEntry(entry: Dirent): string {
  if (entry.isDirectory()) return `${entry.name}/`
  if (entry.isSymbolicLink()) return `${entry.name}@`
  return entry.name
}

// localeCompare would depend on the host's ICU data and locale; outputs get snapshotted.
const compareCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
