// edit_file: replace an exact string in a file inside the cwd (once, or every occurrence).
import type { FileHandle } from 'node:fs/promises'
import { z } from 'zod'
import { confineExisting } from './confine.ts'
import { withRealTarget } from './approval-title.ts'
import { defineTool, errorResult, okResult, requiredString, toolArgs } from './define-tool.ts'
import { editDisplay } from './edit-display.ts'
import { describeFileError, lineAt, readAllBytes, readWholeText, writeWholeText } from './file-text.ts'
import { fsErrorCode } from './fs-errors.ts'
import { closeTarget, openForReplace, type PinnedTarget } from './pinned-open.ts'
import { replaceExact } from './replace-exact.ts'
import type { ConfinedPath } from './confine.ts'
import type { ToolContext, ToolResult } from './types.ts'
import { hexByte, utf8Problem } from '../../lib/utf8.ts'
import { noun, plural } from '../../lib/plural.ts'

type Confined = Extract<ConfinedPath, { ok: true }>

/** Larger files, and edits that would make them larger, are left to bash: the whole text is held in memory, twice. */
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
      let pinned: PinnedTarget | undefined
      try {
        pinned = await openForReplace(target, false)
        const file = pinned.existing!
        if (file.stats.size > EDIT_MAX_BYTES)
          return errorResult(
            `"${target.display}" has ${plural(file.stats.size, 'byte')}; ` +
              `edit_file edits files up to ${EDIT_MAX_BYTES} bytes.`,
          )
        const before = await readEditable(context, target, file.handle)
        if (typeof before !== 'string') return before
        const edit = replaceExact(before, args.old_string, args.new_string, args.replace_all ?? false, EDIT_MAX_BYTES)
        if (!edit.ok) return errorResult(notReplaced(target.display, edit.count, edit.bytes))
        await writeWholeText(context, target, pinned, edit.text)
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
        if (pinned) await closeTarget(pinned)
      }
    },
  })
}

/**
 * The text to edit, or the refusal: binary (NUL bytes), or not UTF-8 on disk, whose other bytes
 * a rewrite would turn into U+FFFD. The editor's buffer is text already.
 */
async function readEditable(context: ToolContext, target: Confined, file: FileHandle): Promise<string | ToolResult> {
  if (context.client?.readTextFile) {
    const text = await readWholeText(context, target, file)
    return text.includes('\0') ? errorResult(binaryFile(target.display)) : text
  }
  const bytes = await readAllBytes(file)
  if (bytes.includes(0)) return errorResult(binaryFile(target.display))
  const problem = utf8Problem(bytes)
  if (!problem) return bytes.toString('utf8')
  return errorResult(
    `"${target.display}" is not valid UTF-8: ` +
      `${plural(problem.invalid, 'byte')} ${noun(problem.invalid, 'is', 'are')} ` +
      'not part of a UTF-8 character ' +
      `(the first, ${hexByte(problem.byte)}, is on line ${problem.line}); it may be Latin-1 or another ` +
      'legacy encoding. edit_file edits UTF-8 text and would rewrite those bytes as U+FFFD, so the file is left ' +
      'unchanged. Convert it first (e.g. iconv -f latin1 -t utf-8) or change it with bash.',
  )
}

const binaryFile = (display: string) =>
  `"${display}" looks like a binary file (it contains NUL bytes); edit_file edits text.`

function notReplaced(display: string, count: number, bytes: number | undefined): string {
  if (bytes !== undefined)
    return (
      `replacing all ${count} occurrences would make "${display}" ${plural(bytes, 'byte')}; edit_file writes ` +
      `files up to ${EDIT_MAX_BYTES} bytes, so the file is left unchanged. Replace fewer occurrences at a time, ` +
      'or use bash.'
    )
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
