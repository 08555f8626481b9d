// The workspace of an import without --workspace when the log cannot tell it all: bash or a plugin's
// own tool ran (their reads are not in the log), or a file's starting content is not in it. The
// session's cwd, where it still exists, is copied as it is now, and every file the log does show is
// put back to how the session found it (its starting text; gone where the session created it).
import { plural } from '../../../lib/plural.ts'
import { readWorkspaceDir, type WorkspaceEntry } from './copy-workspace.ts'
import type { deriveWorkspace } from './derive-workspace.ts'
import { ImportError } from './import-error.ts'

type Derived = ReturnType<typeof deriveWorkspace>

interface Rebuilt {
  workspace: WorkspaceEntry[]
  missing: Derived['missing']
  notes: string[]
}

/** The derived files alone: what an import has when the log tells everything, or the cwd cannot be read. */
function fromLog(derived: Derived): WorkspaceEntry[] {
  return [...derived.files].map(([path, text]) => ({
    path,
    kind: 'file',
    content: Buffer.from(text),
    executable: false,
  }))
}

/** What the log cannot rebuild, in words: the opaque tools and the files without a content. */
export function unknowable(derived: Derived): string {
  const tools = derived.opaque.length ? `${derived.opaque.join(', ')} ran (the log does not show what it read)` : ''
  const files = derived.missing.map(({ path }) => path)
  const named = files.length ? `${plural(files.length, 'file')} without a starting content: ${files.join(', ')}` : ''
  return [tools, named].filter(Boolean).join('; ') || 'the log shows no file the session used'
}

/** The workspace for `derived`, from the log alone or from the session's cwd `cwd` (which exists). */
export function rebuildWorkspace(cwd: string, derived: Derived): Rebuilt {
  if (!derived.opaque.length && !derived.missing.length) return { workspace: fromLog(derived), missing: [], notes: [] }
  let copied: WorkspaceEntry[]
  try {
    copied = readWorkspaceDir(cwd)
  } catch (error) {
    if (!(error instanceof ImportError)) throw error
    const note = `${unknowable(derived)}; the session's cwd ${cwd} could not be copied instead (${error.message})`
    return { workspace: fromLog(derived), missing: derived.missing, notes: [note] }
  }
  const created = new Set(derived.created)
  const workspace = copied.filter((entry) => !created.has(entry.path) && !derived.files.has(entry.path))
  workspace.push(...fromLog(derived))
  const note =
    `${unknowable(derived)}, so the workspace is the session's cwd ${cwd} as it is now, with the files the log ` +
    'shows put back as the session found them; pass --workspace DIR to start from another folder'
  return { workspace, missing: [], notes: [note] }
}
