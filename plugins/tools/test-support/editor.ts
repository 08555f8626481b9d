// Test helper: an editor's file access (ACP fs/*) over real files, with unsaved buffers
// that differ from disk, recording every request the tools make.
import { readFile, writeFile } from 'node:fs/promises'
import type { ClientAccess } from '../client-access.ts'

export interface FakeEditor {
  access: ClientAccess
  /** Absolute path → unsaved buffer text (what the editor shows instead of the disk). */
  buffers: Map<string, string>
  requests: Array<{ method: 'read' | 'write'; path: string; content?: string }>
}

export function fakeEditor(options: { refuse?: string; refuseReads?: string } = {}): FakeEditor {
  const editor: FakeEditor = { buffers: new Map(), requests: [], access: {} }
  editor.access = {
    async readTextFile(path) {
      editor.requests.push({ method: 'read', path })
      const refusal = options.refuse ?? options.refuseReads
      if (refusal) throw new Error(refusal)
      return editor.buffers.get(path) ?? readFile(path, 'utf8')
    },
    async writeTextFile(path, content) {
      editor.requests.push({ method: 'write', path, content })
      if (options.refuse) throw new Error(options.refuse)
      // An editor writes the buffer and saves it.
      editor.buffers.delete(path)
      await writeFile(path, content)
    },
  }
  return editor
}
