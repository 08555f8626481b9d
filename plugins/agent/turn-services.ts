// What every model turn of this process runs with, a prompt's or a subagent's: the llm service, the
// session store without Cordis's tracing proxy, the session's tools (its MCP servers' included), the
// folders the file tools keep out of and the held secrets' redaction.
import type { Context } from 'cordis'
import { untraced } from '../config/cordis-compat.ts'
import type { SessionStore } from '../session/index.ts'
import type { AgentConfig } from './config.ts'
import { heldSecretRedactor } from './held-secrets.ts'
import { ownFiles } from './own-files.ts'
import type { SessionServers } from './session-servers.ts'
import type { TurnInit } from './turn-state.ts'

/** What a turn takes from the agent beyond its session, client and signal. */
export interface TurnServices extends Pick<TurnInit, 'llm' | 'registry' | 'config' | 'hidden' | 'redact'> {
  llm: Context['llm']
  store: SessionStore
}

/** The services a turn of `sessionId` (or of a child it spawns) uses, read now. */
export function turnServices(
  ctx: Context,
  servers: SessionServers,
  config: AgentConfig,
  sessionId: string,
): TurnServices {
  // Every model chunk is an append: call the store itself, not through Cordis's per-access tracing
  // proxies (append creates no effects, so it needs no caller context).
  const store: SessionStore = untraced(ctx.sessions)
  // Read once per turn: each `ctx.llm` misses the context's cache and builds a traced wrapper. The
  // turn streams through the traced one (as before); the adapters and held keys, plain reads that
  // create no effect, are asked of the service itself. The agent restarts when llm is replaced (its
  // inject), so no turn outlives the service it read.
  const llm = ctx.llm
  const reads = untraced(llm)
  let hidden: string[] | undefined
  return {
    llm,
    store,
    // Looked up at each use, as the tools service may be reloaded while a turn runs; list and get are
    // reads, asked past the tracing proxy (which built shadow methods for each of a step's asks).
    registry: servers.registryFor(sessionId, () => untraced(ctx.tools)),
    config,
    // Listed when the turn first asks (a file tool, an instruction file): most turns of a text answer
    // never do, and listing reads the environment and the key folder.
    hidden: () => {
      hidden ??= ownFiles(store.root, reads.adapters())
      return hidden
    },
    redact: heldSecretRedactor(reads),
  }
}
