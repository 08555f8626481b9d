// The editor dsh plays, as one object: the fs/* and terminal/* it offers (./editor-fs.ts,
// ./editor-terminals.ts), what it advertises for them at initialize, the handlers it registers on
// an SDK client, and the sessions it opened (./opened-sessions.ts), read off the stream it taps:
// a reverse request naming any other session is refused. Used by the snapshot driver, by
// `dsh prompt` / `dsh chat` and by the conformance runner (which saves files through its cwd ledger):
// the fs/* and terminal/* handlers are registered here only.
import * as acp from '@agentclientprotocol/sdk'
import { EditorFs, type EditorStore, type FileOp } from './editor-fs.ts'
import { createEditorTerminals, type EditorTerminals } from './editor-terminals.ts'
import { OpenedSessions } from './opened-sessions.ts'

/** The reverse methods the editor serves. */
type EditorMethod =
  | 'fs/read_text_file'
  | 'fs/write_text_file'
  | 'terminal/create'
  | 'terminal/output'
  | 'terminal/wait_for_exit'
  | 'terminal/kill'
  | 'terminal/release'

/**
 * What `serve` needs of an SDK client app: the stable entry's and the unstable entry's (the
 * conformance runner's, whose update router reads `subagent_update`) both have it.
 */
interface HandlerRegistry {
  onRequest<M extends EditorMethod>(method: M, handler: acp.ClientRequestHandlersByMethod[M]): unknown
}

/** What the editor offers the agent; the rest is refused (`method not found`). */
export interface EditorOffer {
  readTextFile: boolean
  writeTextFile: boolean
  terminal: boolean
}

interface EditorClientOptions {
  cwd: string
  offer: EditorOffer
  /** Unsaved editor buffers by cwd-relative path: a read answers these instead of the file. */
  buffers?: Record<string, string>
  /** The hook for saving: e.g. the conformance runner's cwd ledger, so its cleanup undoes the writes. */
  store?: EditorStore
  /** The hook for recording: every fs request's outcome, refusals included. */
  record?(op: FileOp): void
  /** Called with the message of every refused terminal request, before the agent gets the error. */
  refused?(message: string): void
}

export class EditorClient {
  readonly sessions = new OpenedSessions()
  private readonly fs: EditorFs
  private readonly terminals: EditorTerminals

  constructor(private readonly options: EditorClientOptions) {
    const { cwd, offer, buffers, store, record, refused } = options
    const knownSession = this.sessions.has
    this.fs = new EditorFs({
      cwd,
      advertised: { readTextFile: offer.readTextFile, writeTextFile: offer.writeTextFile },
      knownSession,
      ...(buffers ? { buffers } : {}),
      ...(store ? { store } : {}),
      ...(record ? { record } : {}),
    })
    this.terminals = createEditorTerminals({ cwd, advertised: offer.terminal, knownSession, refused })
  }

  /** fs and terminal as initialize advertises them. */
  capabilities(): Pick<acp.ClientCapabilities, 'fs' | 'terminal'> {
    const { readTextFile, writeTextFile, terminal } = this.options.offer
    return { fs: { readTextFile, writeTextFile }, terminal }
  }

  /** The client's stream, read for the sessions it opens; connect the client to what this returns. */
  tap(stream: acp.Stream): acp.Stream {
    return this.sessions.tap(stream)
  }

  /** Registers the fs/* and terminal/* handlers on an SDK client app; returns the app. */
  serve<C extends HandlerRegistry>(app: C): C {
    const { fs, terminal } = acp.methods.client
    app.onRequest(fs.readTextFile, ({ params }) => this.fs.read(params))
    app.onRequest(fs.writeTextFile, ({ params }) => this.fs.write(params))
    app.onRequest(terminal.create, ({ params }) => this.terminals.create(params))
    app.onRequest(terminal.output, ({ params }) => this.terminals.output(params))
    app.onRequest(terminal.waitForExit, ({ params }) => this.terminals.waitForExit(params))
    app.onRequest(terminal.kill, ({ params }) => this.terminals.kill(params))
    app.onRequest(terminal.release, ({ params }) => this.terminals.release(params))
    return app
  }

  /** Ids of terminals the agent created and has not released. */
  openTerminals(): string[] {
    return this.terminals.open()
  }

  /** The client's cleanup: end whatever the agent left running. */
  releaseTerminals(): Promise<void> {
    return this.terminals.releaseAll()
  }
}
