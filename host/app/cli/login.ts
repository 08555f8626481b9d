// `dsh login [--env VAR]`: writes the API key of a composed model adapter to the key file that
// adapter reads (docs/security.md, "API keys"), for any adapter that declares a key. The key is
// read without echo at a terminal, else as stdin's first line; it is written 0600, atomically, and
// never printed. An ACP client's terminal auth method runs this (plugins/acp/auth-methods.ts).
import path from 'node:path'
import { NamedError } from '../../../lib/named-error.ts'
import { UsageError } from '../../../lib/usage-error.ts'
import { writeKeyFile } from '../../../lib/write-key-file.ts'
import { type CompositionEntry, isGroup } from '../../../plugins/config/entries.ts'
import { listModelAdapters, loadEntryModules, traitsFrom } from '../../../plugins/config/entry-traits.ts'
import { loadComposition } from '../../../plugins/config/load.ts'
import { ModuleCache } from '../../../plugins/config/module-cache.ts'
import type { AdapterKey } from '../../../plugins/llm/adapter.ts'
import { describeKey, isHeaderSafeKey } from '../../../plugins/llm/keys.ts'
import { type CliCommand, type CliIO, stringOption } from './command.ts'
import { loginHelp } from './command-help.ts'
import { compositionArgs } from './composition-options.ts'

/** `dsh login` could not write a key; the message says why and what to do. Nothing was written. */
class LoginError extends NamedError {
  override name = 'LoginError'
}

/** One key the composition's enabled adapters read, with the entries that read it. */
interface ComposedKey {
  key: AdapterKey
  labels: string[]
  entries: string[]
}

export const loginCommand: CliCommand = {
  ...loginHelp,
  async run({ values }, io) {
    const { configFile, patches } = compositionArgs(values)
    const composition = [configFile, ...patches.map((patch) => `--patch ${patch}`)].join(' ')
    const keys = await composedKeys(configFile, patches, io.env)
    const chosen = chooseKey(keys, stringOption(values, 'env'), composition)
    const file = describeKey(chosen.key, io.env).file
    if (!file)
      throw new LoginError(
        `${chosen.key.env} (${chosen.labels.join(' / ')}) has no key file to write: set ${chosen.key.fileEnv} to ` +
          `name one and run dsh login again, or set ${chosen.key.env} in ./.env or the environment`,
      )
    const key = await askKey(io, `${chosen.labels.join(' / ')} API key for ${file} (not shown): `)
    try {
      writeKeyFile(file, key)
    } catch (error) {
      throw new LoginError(
        `could not write ${file}: ${(error as Error).message}; the file is unchanged. Fix the path (or name ` +
          `another with ${chosen.key.fileEnv ?? 'the key file variable'}) and run dsh login again`,
      )
    }
    io.stdout(`dsh login: wrote the ${chosen.labels.join(' / ')} API key to ${file} (mode 0600)\n`)
    if (io.env[chosen.key.env] !== undefined)
      io.stderr(`dsh login: note: ${chosen.key.env} is set in this environment and wins over the key file\n`)
    return 0
  },
}

/** The keys of the enabled model adapters, as their modules describe them (nothing boots). */
async function composedKeys(configFile: string, patches: string[], env: NodeJS.ProcessEnv): Promise<ComposedKey[]> {
  const modules = new ModuleCache()
  // !env is lenient: login needs the adapters' descriptions, not every variable the agent will read.
  const loaded = await loadComposition({ configFile, patches, env, lenientEnv: true, modules })
  const baseDir = path.dirname(loaded.configFile)
  await loadEntryModules(loaded.entries, baseDir, modules)
  const traits = traitsFrom(modules, baseDir)
  // A module that does not load might be the adapter: say so rather than "nothing needs a key".
  const broken = enabledLeaves(loaded.entries)
    .map(traits)
    .find((found) => found instanceof Error)
  if (broken) throw broken
  const byVariable = new Map<string, ComposedKey>()
  for (const { entry, enabled, info } of listModelAdapters(loaded.entries, traits)) {
    if (!enabled || !info.key) continue
    const known = byVariable.get(info.key.env) ?? { key: info.key, labels: [], entries: [] }
    if (!known.labels.includes(info.label)) known.labels.push(info.label)
    known.entries.push(entry)
    byVariable.set(info.key.env, known)
  }
  return [...byVariable.values()]
}

function enabledLeaves(entries: readonly CompositionEntry[]): CompositionEntry[] {
  return entries.flatMap((entry) => (entry.disabled ? [] : isGroup(entry) ? enabledLeaves(entry.config) : [entry]))
}

/** The key `--env` names, or the only one; several without `--env`, or a name none reads, is a usage error. */
function chooseKey(keys: readonly ComposedKey[], env: string | undefined, composition: string): ComposedKey {
  const choices = keys.map((known) => `--env ${known.key.env} (${known.labels.join(' / ')})`).join(', ')
  const [first] = keys
  if (first === undefined)
    throw new LoginError(
      `no enabled model adapter of ${composition} needs an API key, so there is nothing to log in to; ` +
        'name the composition that runs your provider with --config / --patch',
    )
  if (env !== undefined) {
    const named = keys.find((known) => known.key.env === env)
    if (!named) throw new UsageError(`--env ${env}: no model adapter of ${composition} reads it; choose ${choices}`)
    return named
  }
  if (keys.length > 1)
    throw new UsageError(`${composition} composes ${keys.length} API keys; choose one with ${choices}`)
  return first
}

/** The key as typed or piped; an empty answer, or one a header cannot carry, writes nothing. */
async function askKey(io: CliIO, question: string): Promise<string> {
  if (!io.secret) throw new LoginError('dsh login needs someone to type the key, and this run has no input')
  const key = (await io.secret(question))?.trim()
  if (!key) throw new LoginError('no key was given (the input ended or was cancelled); nothing was written')
  if (!isHeaderSafeKey(key))
    throw new LoginError('the key contains spaces or non-printable characters; nothing was written. Give the bare key')
  return key
}
