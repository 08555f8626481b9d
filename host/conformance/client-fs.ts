// The runner's fs/read_text_file and fs/write_text_file: the shared editor client
// (lib/acp-client/editor-fs.ts), its writes made through the case's ledger (so cleanup undoes
// them) and every request recorded, so a check can ask what the agent did.
import { EditorFs } from '../../lib/acp-client/editor-fs.ts'
import type { CwdLedger } from './cwd-ledger.ts'
import type { FileOpRecord } from './trace.ts'

interface ClientFsOptions {
  ledger: CwdLedger
  /** Session ids this case created; requests for any other session are refused. */
  knownSession(sessionId: string): boolean
  /** What the case advertises; a request for anything else is refused (outcome `denied`). */
  advertised?: { readTextFile: boolean; writeTextFile: boolean }
  /** Unsaved editor buffers by cwd-relative path: a read answers these instead of the file. */
  buffers?: Record<string, string>
  record(op: Omit<FileOpRecord, 'seq'>): void
}

export function createClientFs(options: ClientFsOptions): EditorFs {
  const { ledger, knownSession, advertised, buffers, record } = options
  return new EditorFs({
    cwd: ledger.root,
    knownSession,
    ...(advertised ? { advertised } : {}),
    ...(buffers ? { buffers } : {}),
    resolveInside: (relative) => ledger.resolveInside(relative),
    write: (relative, content) => ledger.write(relative, content),
    record,
  })
}
