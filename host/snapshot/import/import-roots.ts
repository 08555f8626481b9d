// An imported session's additional directories (ACP `additionalDirectories`): each is written as its
// own token, `{{root:n}}` in first-seen order, as the cwd is written `{{cwd}}` (docs/import.md).
// Reads only the given logs; the realpath of a folder that still exists is found by the caller.
import { rootToken } from '../../../lib/cwd-spellings.ts'
import { docFile } from '../../../lib/package-root.ts'
import type { SourceLog } from './source-log.ts'

/** Every additional directory the logs name, first seen first, each with its realpath when it differs. */
export function importedRoots(logs: readonly SourceLog[], realpath: (path: string) => string | undefined): string[][] {
  const seen = new Set<string>()
  const roots: string[][] = []
  for (const log of logs)
    for (const event of log.events) {
      if (event.type !== 'session/directories') continue
      for (const path of event.data.additionalDirectories) {
        if (seen.has(path)) continue
        seen.add(path)
        const real = realpath(path)
        roots.push(real && real !== path ? [path, real] : [path])
      }
    }
  return roots
}

/** The script's newSession names the directories the session began with (as tokens); a note says what that means. */
export function withImportedRoots(
  script: { input: { steps: Array<Record<string, unknown>> }; notes: string[] },
  source: SourceLog,
  roots: readonly string[][],
): void {
  if (!roots.length) return
  const first = source.events.find((event) => event.type === 'session/directories')
  const start = first?.type === 'session/directories' ? first.data.additionalDirectories : []
  const tokens = start.map((path) => rootToken(roots.findIndex((spellings) => spellings[0] === path) + 1))
  const newSession = script.input.steps.find((step) => step.op === 'newSession')
  if (newSession && tokens.length) newSession.additionalDirectories = tokens
  script.notes.push(
    `the session had ${roots.length === 1 ? 'an additional directory' : `${roots.length} additional directories`} ` +
      `(${roots.map((spellings, index) => `${spellings[0]} as ${rootToken(index + 1)}`).join(', ')}); a scenario ` +
      'cannot give a session folders outside its temp cwd, so the replay refuses {{root:n}} until you seed each ' +
      'under workspace/ and name it "{{cwd}}/<folder>" in input.json (and in the logs), with the session in ' +
      `"cwd": "{{cwd}}/<project>" (${docFile('import.md')})`,
  )
}
