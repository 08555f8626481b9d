// The auth methods dsh offers (pure): what the composed model adapters need (docs/security.md,
// "API keys"). Always an agent method, so any client can `authenticate`: `api-key` (one key, or
// none needed), else `api-key:<VARIABLE>` per key. Where the client runs terminal auth, a terminal
// method per key with a key file: the client runs the agent's own command with `login` appended,
// which is `dsh login` (host/app/cli/login.ts). Descriptions use words that do not depend on this
// machine's environment: goldens pin them.
import type * as acp from '@agentclientprotocol/sdk'
import type { AdapterKey, RegisteredAdapter } from '../llm/adapter.ts'

const AGENT_METHOD_ID = 'api-key'
const TERMINAL_METHOD_ID = 'login'

/** One key the composed adapters read, with the adapters and models that read it. */
export interface KeyNeed {
  key: AdapterKey
  labels: string[]
  models: string[]
}

/** An offered method: `agent` ones answer `authenticate`; `terminal` ones run `dsh login`. */
interface OfferedMethod {
  kind: 'agent' | 'terminal'
  method: acp.AuthMethod
  /** The key the method is about; none when no adapter needs one. */
  need?: KeyNeed
}

/**
 * The keys the registered adapters read, one per variable, sorted by variable: replay's stand-ins
 * register in another order than the adapters they stand in for, and goldens pin the list.
 */
export function keyNeeds(adapters: readonly RegisteredAdapter[]): KeyNeed[] {
  const byVariable = new Map<string, KeyNeed>()
  for (const adapter of adapters) {
    if (!adapter.key) continue
    const need = byVariable.get(adapter.key.env) ?? { key: adapter.key, labels: [], models: [] }
    if (!need.labels.includes(adapter.label)) need.labels.push(adapter.label)
    need.models.push(...adapter.models)
    byVariable.set(adapter.key.env, need)
  }
  return [...byVariable.values()].sort((a, b) => (a.key.env < b.key.env ? -1 : a.key.env > b.key.env ? 1 : 0))
}

/** What the client said it can do at initialize (`clientCapabilities.auth`). */
interface ClientAuth {
  terminal: boolean
}

/** Every method for these adapters; terminal ones only when the client advertised `auth.terminal`. */
export function offeredMethods(adapters: readonly RegisteredAdapter[], client: ClientAuth): OfferedMethod[] {
  const needs = keyNeeds(adapters)
  if (!needs.length) return [{ kind: 'agent', method: NO_KEY_METHOD }]
  const single = needs.length === 1
  const agent = needs.map((need): OfferedMethod => ({ kind: 'agent', need, method: agentMethod(need, single) }))
  if (!client.terminal) return agent
  const terminal = needs
    .filter(({ key }) => hasKeyFile(key))
    .map((need): OfferedMethod => ({ kind: 'terminal', need, method: terminalMethod(need, single) }))
  return [...agent, ...terminal]
}

const NO_KEY_METHOD: acp.AuthMethod = {
  id: AGENT_METHOD_ID,
  name: 'No API key needed',
  description:
    'The composed model adapters need no API key: authenticate answers at once, and there is nothing to log in to.',
}

function agentMethod(need: KeyNeed, single: boolean): acp.AuthMethod {
  const whose = single ? 'model' : need.labels.join(' / ')
  return {
    id: single ? AGENT_METHOD_ID : `${AGENT_METHOD_ID}:${need.key.env}`,
    name: single ? 'API key (key file or environment)' : `${whose} API key (key file or environment)`,
    description: describeSources(need.key, whose, single),
  }
}

function terminalMethod(need: KeyNeed, single: boolean): acp.AuthMethod {
  const login = loginCommand(need.key, single)
  const whose = single ? 'model' : need.labels.join(' / ')
  return {
    type: 'terminal',
    id: single ? TERMINAL_METHOD_ID : `${TERMINAL_METHOD_ID}:${need.key.env}`,
    name: single ? 'Log in at a terminal (dsh login)' : `${whose} API key at a terminal (${login})`,
    description:
      `Runs ${login}: type the ${whose} API key (it is not shown); dsh writes it to ${keyFiles(need.key)} with ` +
      'mode 0600 and never prints it.',
    args: login.split(' ').slice(1),
  }
}

/** `dsh login`, with `--env VARIABLE` when several keys are composed. */
export function loginCommand(key: AdapterKey, single: boolean): string {
  return single ? 'dsh login' : `dsh login --env ${key.env}`
}

/** Whether `dsh login` has a file to write the key to (a default key file, or one a variable names). */
const hasKeyFile = (key: AdapterKey): boolean => Boolean(key.fileName || key.fileEnv)

/** `~/.config/dsh/x-api-key (or the file X_API_KEY_FILE names)`; undefined when the key has no file. */
export function keyFiles(key: AdapterKey): string | undefined {
  const file = key.fileName ? `~/.config/dsh/${key.fileName}` : undefined
  if (file && key.fileEnv) return `${file} (or the file ${key.fileEnv} names)`
  return file ?? (key.fileEnv ? `the file ${key.fileEnv} names` : undefined)
}

/** Where the key may be, and how to put it there. */
function describeSources(key: AdapterKey, whose: string, single: boolean): string {
  const files = keyFiles(key)
  const from = [files, `${key.env} in ./.env`, `${key.env} in its environment`].filter(Boolean)
  const sources = `${from.slice(0, -1).join(', from ')}, or from ${from.at(-1)}`
  const login = files ? `Run ${loginCommand(key, single)} at a terminal to write the key file, or put` : 'Put'
  return (
    `dsh reads the ${whose} API key from ${sources}. ${login} the key in ./.env or the environment and restart ` +
    'the agent. authenticate says whether a key is there; the key is never sent over ACP.'
  )
}
