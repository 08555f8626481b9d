// The runner's terminal/*: the shared editor client's (lib/acp-client/editor-terminals.ts), in the
// case cwd, only for a case that advertises terminals and only for its own sessions. What the
// agent asked is on the wire; checks read it from there.
import { createEditorTerminals, type EditorTerminals } from '../../lib/acp-client/editor-terminals.ts'

interface ClientTerminalsOptions {
  cwd: string
  advertised: boolean
  knownSession(sessionId: string): boolean
}

export function createClientTerminals(options: ClientTerminalsOptions): EditorTerminals {
  return createEditorTerminals(options)
}
