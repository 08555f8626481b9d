// The editor the host plays when a scenario's input.json declares client capabilities: the
// shared editor client (lib/acp-client/), fs/* served from the scenario's temp cwd and its
// unsaved buffers, terminal/* run as real local processes, both only for the sessions the host
// opened. A refused request (outside the cwd, for a capability that was not advertised, or naming
// a session the host never opened) fails the scenario: it is an agent bug an editor would have to catch.
import {
  authCapability,
  elicitationCapability,
  sessionCapabilities,
  subagentsCapability,
} from '../../../../lib/editor-client-schema.ts'
import type * as acp from '@agentclientprotocol/sdk'
import { EditorClient } from '../../../../lib/acp-client/editor-client.ts'
import type { ScenarioClient } from '../../scenario/input.ts'
import { noun } from '../../../../lib/plural.ts'

/** Advertised when a scenario declares no client: what the host always sent before. */
const NO_CAPABILITIES: acp.ClientCapabilities = { fs: { readTextFile: false, writeTextFile: false } }

export class ScenarioEditor {
  /** Why the agent's reverse calls broke the contract; the scenario fails with these. */
  readonly problems: string[] = []
  private readonly editor: EditorClient

  constructor(
    cwd: string,
    private readonly client: ScenarioClient | undefined,
  ) {
    const refused = (message: string) => this.problems.push(`the agent's request was refused: ${message}`)
    this.editor = new EditorClient({
      cwd,
      offer: {
        readTextFile: !!client?.fs?.readTextFile,
        writeTextFile: !!client?.fs?.writeTextFile,
        terminal: !!client?.terminal,
      },
      buffers: client?.buffers,
      record: (op) => {
        if ((op.outcome === 'denied' || op.unknownSession) && op.message) refused(op.message)
      },
      refused,
    })
  }

  capabilities(): acp.ClientCapabilities {
    if (!this.client) return NO_CAPABILITIES
    return {
      ...this.editor.capabilities(),
      ...sessionCapabilities(this.client),
      ...subagentsCapability(this.client),
      ...elicitationCapability(this.client),
      ...authCapability(this.client),
    }
  }

  /** The host's side of the stream, read for the sessions the host opens (only theirs are served). */
  tap(stream: acp.Stream): acp.Stream {
    return this.editor.tap(stream)
  }

  /** Registers the fs/* and terminal/* handlers on the host's ACP client. */
  serve<C extends acp.ClientApp>(app: C): C {
    return this.editor.serve(app)
  }

  /** At the end of the script: every terminal the agent created must have been released. */
  async close(): Promise<void> {
    const open = this.editor.openTerminals()
    if (open.length)
      this.problems.push(
        `the agent never released ${noun(open.length, 'terminal')} ${open.join(', ')}; ` +
          'it must send terminal/release for every terminal it creates',
      )
    await this.editor.releaseTerminals()
  }
}
