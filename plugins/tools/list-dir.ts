// list_dir: one directory inside the cwd, one entry per line, in a locale-independent order.
import { isUtf8 } from 'node:buffer'
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
import { appendLine, truncateHead } from './truncate.ts'
import { plural } from '../../lib/plural.ts'

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
        const listed = await readdir(folder.path, { withFileTypes: true, encoding: 'buffer' }).finally(() =>
          folder.handle.close(),
        )
        const hidden = realHidden(context.hidden)
        const entries = listed.map(named).filter((entry) => !isHidden(path.join(target.realPath, entry.name), hidden))
        const display = { locations: [{ path: editorPath(context, target) }] }
        if (!entries.length) return { ...okResult('(empty directory)'), display }
        const listing = entries
          .sort((a, b) => compareCodeUnits(a.name, b.name))
          .map(formatEntry)
          .join('\n')
        const bounded = truncateHead(Buffer.from(listing), options.readMaxBytes)
        const unnamed = entries.filter((entry) => !entry.utf8).length
        return { ...okResult(unnamed ? appendLine(bounded, notUtf8Note(unnamed)) : bounded), display }
      } catch (error) {
        if (fsErrorCode(error) === 'ENOTDIR')
          return errorResult(`"${target.display}" is not a directory; use read_file to read a file.`)
        return errorResult(describeFileError(error, target.display))
      }
    },
  })
}

interface Entry {
  /** The name as shown: `\xHH` for each byte of a name that is not UTF-8. */
  name: string
  utf8: boolean
  kind: 'directory' | 'symlink' | 'other'
}

function named(entry: Dirent<Buffer>): Entry {
  const kind = entry.isDirectory() ? 'directory' : entry.isSymbolicLink() ? 'symlink' : 'other'
  const utf8 = isUtf8(entry.name)
  return { name: utf8 ? entry.name.toString('utf8') : escapeBytes(entry.name), utf8, kind }
}

/** A name decoded lossily would be listed, then "does not exist": its bytes are shown instead (issue 43, 23). */
function escapeBytes(name: Buffer): string {
  return [...name]
    .map((byte) =>
      byte >= 0x20 && byte < 0x7f && byte !== 0x5c
        ? String.fromCharCode(byte)
        : `\\x${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('')
}

const notUtf8Note = (count: number) =>
  `[${plural(count, 'name')} not valid UTF-8, shown with \\xHH for each byte; the file tools cannot open ` +
  `${count === 1 ? 'it' : 'them'} by that name: use bash (e.g. ls -b, or a glob)]`

/** `ls -F` style: the suffix tells the model what it can do with the entry. */
function formatEntry(entry: Entry): string {
  if (entry.kind === 'directory') return `${entry.name}/`
  if (entry.kind === 'symlink') return `${entry.name}@`
  return entry.name
}

// localeCompare would depend on the host's ICU data and locale; outputs get snapshotted.
const compareCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
