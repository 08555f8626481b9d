// write_file: create or overwrite a file inside the cwd, creating parent directories.
import { confineForWrite } from './confine.ts'
import { withRealTarget } from './approval-title.ts'
import { defineTool, errorResult, okResult, requiredString, toolArgs } from './define-tool.ts'
import { editDisplay } from './edit-display.ts'
import { describeFileError, readWholeText, writeWholeText } from './file-text.ts'
import { fsErrorCode } from './fs-errors.ts'
import { plural } from '../../lib/plural.ts'
import { closeTarget, openForReplace, type PinnedTarget } from './pinned-open.ts'
import type { ToolResult } from './types.ts'

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
    approvalTitle: async (args, context) =>
      withRealTarget(
        `write_file ${args.path}`,
        confineForWrite(context.cwd, args.path, context.hidden, context.additionalDirectories),
      ),
    async run(args, context) {
      const target = confineForWrite(context.cwd, args.path, context.hidden, context.additionalDirectories)
      if (!target.ok) return errorResult(target.message)
      let pinned: PinnedTarget | undefined
      try {
        pinned = await openForReplace(target, true)
        const { existing } = pinned
        // The old text is only for the editor's diff (through the editor: the buffer being replaced),
        // so failing to read it leaves the diff out instead of failing the write.
        const oldText = !existing
          ? null
          : existing.stats.size > options.readMaxBytes
            ? undefined
            : await readWholeText(context, target, existing.handle).catch(() => undefined)
        await writeWholeText(context, target, pinned, args.content)
        const bytes = Buffer.byteLength(args.content)
        return {
          ...okResult(`${existing ? 'updated' : 'created'} ${target.display} (${plural(bytes, 'byte')})`),
          display: editDisplay(context, target, oldText, args.content, options.readMaxBytes),
        } satisfies ToolResult
      } catch (error) {
        if (fsErrorCode(error) === 'EISDIR')
          return errorResult(`"${target.display}" is a directory; write_file needs a file path.`)
        return errorResult(describeFileError(error, target.display))
      } finally {
        if (pinned) await closeTarget(pinned)
      }
    },
  })
}
