// edit_file: replace an exact string in a file inside the cwd (once, or every occurrence).
import type { FileHandle } from 'node:fs/promises'
import { z } from 'zod'
import { confineExisting } from './confine.ts'
import { withRealTarget } from './approval-title.ts'
import { defineTool, errorResult, okResult, requiredString, toolArgs } from './define-tool.ts'
import { editDisplay } from './edit-display.ts'
import { describeFileError, lineAt, readWholeText, writeWholeText } from './file-text.ts'
import { fsErrorCode } from './fs-errors.ts'
import { openForWrite } from './pinned-open.ts'
import { replaceExact } from './replace-exact.ts'
import { plural } from '../../lib/plural.ts'

/** Larger files are left to bash: the whole text is held in memory, twice. */
const EDIT_MAX_BYTES = 4 * 1024 * 1024

const EditFileArgs = toolArgs({
  path: requiredString().min(1, 'must not be empty').describe('File path relative to the working directory'),
  old_string: requiredString()
    .min(1, 'must not be empty (use write_file to create a file)')
    .describe('The exact text to replace, including whitespace and line breaks; it must occur exactly once'),
  new_string: requiredString().describe('The text to put in its place'),
  replace_all: z
    .boolean({ error: 'must be true or false' })
    .optional()
    .describe('Replace every occurrence of old_string instead of requiring exactly one'),
})

export function createEditFileTool(options: { readMaxBytes: number }) {
  return defineTool({
    name: 'edit_file',
    description:
      'Edit a text file inside the working directory by replacing an exact string. old_string must match ' +
      'the file exactly (whitespace included) and occur once, unless replace_all is true.',
    kind: 'edit',
    needsApproval: true,
    args: EditFileArgs,
    title: (args) => (args ? `edit_file ${args.path}` : 'edit_file'),
    approvalTitle: async (args, context) =>
      withRealTarget(
        `edit_file ${args.path}`,
        confineExisting(context.cwd, args.path, context.hidden, context.additionalDirectories),
      ),
    async run(args, context) {
      if (args.old_string === args.new_string)
        return errorResult('old_string and new_string are the same; the edit would change nothing.')
      const target = confineExisting(context.cwd, args.path, context.hidden, context.additionalDirectories)
      if (!target.ok) return errorResult(target.message)
      let file: FileHandle | undefined
      try {
        const pinned = await openForWrite(target, false)
        file = pinned.handle
        const { stats } = pinned
        if (stats.size > EDIT_MAX_BYTES)
          return errorResult(
            `"${target.display}" has ${plural(stats.size, 'byte')}; ` +
              `edit_file edits files up to ${EDIT_MAX_BYTES} bytes.`,
          )
        const before = await readWholeText(context, target, file)
        if (before.includes('\0'))
          return errorResult(
            `"${target.display}" looks like a binary file (it contains NUL bytes); edit_file edits text.`,
          )
        const edit = replaceExact(before, args.old_string, args.new_string, args.replace_all ?? false)
        if (!edit.ok) return errorResult(notReplaced(target.display, edit.count))
        await writeWholeText(context, target, file, edit.text)
        const line = lineAt(edit.text, edit.at)
        const what =
          edit.count === 1 ? `1 replacement at line ${line}` : `${edit.count} replacements, the first at line ${line}`
        return {
          ...okResult(`edited ${target.display} (${what})`),
          display: editDisplay(context, target, before, edit.text, options.readMaxBytes, line),
        }
      } catch (error) {
        if (fsErrorCode(error) === 'EISDIR')
          return errorResult(`"${target.display}" is a directory; edit_file needs a file.`)
        return errorResult(describeFileError(error, target.display))
      } finally {
        await file?.close()
      }
    },
  })
}

function notReplaced(display: string, count: number): string {
  if (count === 0)
    return (
      `old_string was not found in "${display}". Read the file and copy the text exactly, whitespace and line ` +
      `breaks included.`
    )
  return (
    `old_string occurs ${count} times in "${display}"; include more of the surrounding text so it matches ` +
    'exactly once, or set replace_all to true to replace every occurrence.'
  )
}
