// The editor the host plays when a scenario's input.json declares client capabilities:
// fs/* served from the scenario's temp cwd and its unsaved buffers, terminal/* run as real
// local processes. Requests outside the cwd, or for a capability that was not advertised,
// are refused and fail the scenario: they are agent bugs an editor would have to catch.
import {
  authCapability,
  elicitationCapability,
  sessionCapabilities,
  subagentsCapability,
} from '../../../../lib/editor-client-schema.ts'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { LocalTerminals } from '../../../../lib/process/terminals.ts'
import type { ScenarioClient } from '../../scenario/input.ts'
import { noun } from '../../../../lib/plural.ts'
import { relativeInside } from '../../../../lib/path-inside.ts'

/** Advertised when a scenario declares no client: what the host always sent before. */
const NO_CAPABILITIES: acp.ClientCapabilities = { fs: { readTextFile: false, writeTextFile: false } }

export class ScenarioEditor {
  /** Why the agent's reverse calls broke the contract; the scenario fails with these. */
  readonly problems: string[] = []
  private readonly buffers = new Map<string, string>()
  private readonly terminals: LocalTerminals

  constructor(
    private readonly cwd: string,
    private readonly client: ScenarioClient | undefined,
  ) {
    for (const [relative, text] of Object.entries(client?.buffers ?? {})) this.buffers.set(relative, text)
    // Commands see the host's PATH and what the agent asks for, nothing else: outputs stay stable.
    this.terminals = new LocalTerminals(cwd, { PATH: process.env.PATH ?? '/usr/bin:/bin' })
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
      .onRequest(fs.readTextFile, async ({ params }) => {
        const relative = this.admit('fs/read_text_file', this.client?.fs?.readTextFile, params.path)
        const buffered = this.buffers.get(relative)
        if (buffered !== undefined) return { content: buffered }
        try {
          return { content: await readFile(path.join(this.cwd, relative), 'utf8') }
        } catch {
          throw acp.RequestError.resourceNotFound(params.path)
        }
      })
      .onRequest(fs.writeTextFile, async ({ params }) => {
        const relative = this.admit('fs/write_text_file', this.client?.fs?.writeTextFile, params.path)
        // An editor writes the buffer and saves it: the unsaved text is gone.
        this.buffers.delete(relative)
        await writeFile(path.join(this.cwd, relative), params.content)
        return {}
      })
      .onRequest(terminal.create, ({ params }) => {
        this.admit('terminal/create', this.client?.terminal)
        return this.terminals.create(params)
      })
      .onRequest(terminal.output, ({ params }) => this.terminals.output(params.terminalId))
      .onRequest(terminal.waitForExit, ({ params }) => this.terminals.waitForExit(params.terminalId))
      .onRequest(terminal.kill, async ({ params }) => {
        await this.terminals.kill(params.terminalId)
        return {}
      })
      .onRequest(terminal.release, async ({ params }) => {
        await this.terminals.release(params.terminalId)
        return {}
      }) as C
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

  /** The cwd-relative path of an allowed request; refuses (and records) anything else. */
  private admit(method: string, advertised: boolean | undefined, requested?: string): string {
    if (!advertised) this.refuse(`the agent sent ${method}, but the scenario's client does not advertise it`)
    if (requested === undefined) return ''
    const relative = path.isAbsolute(requested) ? relativeInside(this.cwd, requested) : undefined
    if (!relative)
      this.refuse(
        `the agent sent ${method} for ${JSON.stringify(requested)}, which is not a file inside the session cwd`,
      )
    return relative.split(path.sep).join('/')
  }

  private refuse(problem: string): never {
    this.problems.push(problem)
    throw acp.RequestError.invalidParams(undefined, problem)
  }
}
