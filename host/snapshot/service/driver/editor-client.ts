// The editor the host plays when a scenario's input.json declares client capabilities: the
// shared editor client (lib/acp-client/), fs/* served from the scenario's temp cwd and its
// unsaved buffers, terminal/* run as real local processes. A refused request (outside the cwd,
// or for a capability that was not advertised) fails the scenario: it is an agent bug an
// editor would have to catch.
import {
  authCapability,
  elicitationCapability,
  sessionCapabilities,
  subagentsCapability,
} from '../../../../lib/editor-client-schema.ts'
import * as acp from '@agentclientprotocol/sdk'
import { EditorFs } from '../../../../lib/acp-client/editor-fs.ts'
import { createEditorTerminals, type EditorTerminals } from '../../../../lib/acp-client/editor-terminals.ts'
import type { ScenarioClient } from '../../scenario/input.ts'
import { noun } from '../../../../lib/plural.ts'

/** Advertised when a scenario declares no client: what the host always sent before. */
const NO_CAPABILITIES: acp.ClientCapabilities = { fs: { readTextFile: false, writeTextFile: false } }

export class ScenarioEditor {
  /** Why the agent's reverse calls broke the contract; the scenario fails with these. */
  readonly problems: string[] = []
  private readonly fs: EditorFs
  private readonly terminals: EditorTerminals

  constructor(
    cwd: string,
    private readonly client: ScenarioClient | undefined,
  ) {
    const refused = (message: string) => this.problems.push(`the agent's request was refused: ${message}`)
    this.fs = new EditorFs({
      cwd,
      advertised: { readTextFile: !!client?.fs?.readTextFile, writeTextFile: !!client?.fs?.writeTextFile },
      buffers: client?.buffers,
      record: (op) => {
        if (op.outcome === 'denied' && op.message) refused(op.message)
      },
    })
    this.terminals = createEditorTerminals({ cwd, advertised: !!client?.terminal, refused })
  }

  capabilities(): acp.ClientCapabilities {
    if (!this.client) return NO_CAPABILITIES
    return {
      fs: { readTextFile: !!this.client.fs?.readTextFile, writeTextFile: !!this.client.fs?.writeTextFile },
      terminal: !!this.client.terminal,
      ...sessionCapabilities(this.client),
      ...subagentsCapability(this.client),
      ...elicitationCapability(this.client),
      ...authCapability(this.client),
    }
  }

  /** Registers the fs/* and terminal/* handlers on the host's ACP client. */
  serve<C extends acp.ClientApp>(app: C): C {
    const { fs, terminal } = acp.methods.client
    return app
      .onRequest(fs.readTextFile, ({ params }) => this.fs.read(params))
      .onRequest(fs.writeTextFile, ({ params }) => this.fs.write(params))
      .onRequest(terminal.create, ({ params }) => this.terminals.create(params))
      .onRequest(terminal.output, ({ params }) => this.terminals.output(params))
      .onRequest(terminal.waitForExit, ({ params }) => this.terminals.waitForExit(params))
      .onRequest(terminal.kill, ({ params }) => this.terminals.kill(params))
      .onRequest(terminal.release, ({ params }) => this.terminals.release(params)) as C
  }

  /** At the end of the script: every terminal the agent created must have been released. */
  async close(): Promise<void> {
    const open = this.terminals.open()
    if (open.length)
      this.problems.push(
        `the agent never released ${noun(open.length, 'terminal')} ${open.join(', ')}; ` +
          'it must send terminal/release for every terminal it creates',
      )
    await this.terminals.releaseAll()
  }
}
