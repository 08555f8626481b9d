// The editor-facing side of a file change: an ACP diff (bounded, so a huge file does not
// swell the session log) and the location of the first changed line.
// `oldText`: null for a new file, undefined when the old content was not read (too large).
import { editorPath, firstChangedLine } from './file-text.ts'
import type { ToolContext, ToolDisplay } from './types.ts'

export function editDisplay(
  context: Pick<ToolContext, 'cwd'>,
  target: { display: string },
  oldText: string | null | undefined,
  newText: string,
  maxDiffBytes: number,
  line = oldText === undefined ? 1 : firstChangedLine(oldText, newText),
): ToolDisplay {
  const path = editorPath(context, target)
  const fits = (text: string | null) =>
    text === null || (Buffer.byteLength(text) <= maxDiffBytes && !text.includes('\0'))
  return {
    ...(oldText !== undefined && fits(oldText) && fits(newText) ? { diff: { path, oldText, newText } } : {}),
    locations: [{ path, line }],
  }
}
