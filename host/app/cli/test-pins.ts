// `dsh test --mode refresh --pins`: the one command after a profile change (a tool added, another system
// prompt, other models). It refreshes the pin of every header class (of the names given, or all) and
// then says, per class, what changed: the tools by name, the system prompt, the models.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { toolChanges } from '../../snapshot/core/tool-drift.ts'
import { discoverScenarios } from '../../snapshot/scenario/discover.ts'
import { SIDECAR_SYSTEM_PROMPT, SIDECAR_TOOL_SCHEMAS } from '../../snapshot/core/fixture-files.ts'
import { UsageError } from './command.ts'

/** What a class's pin holds: its sidecars (its own, or the source pin's) and its models. */
interface PinState {
  class: string
  pin: string
  system?: string
  tools?: string
  models: string
}

/** The pins of the scenarios selected (all when `names` is undefined), and what they hold now. */
export async function pinSelection(root: string, names: string[] | undefined): Promise<PinState[]> {
  const pins = (await pinStates(root)).filter((state) => !names || names.includes(state.pin))
  if (!pins.length)
    throw new UsageError(
      `--pins: ${names ? `none of ${names.join(', ')} is` : 'no scenario is'} the pin of a header class ` +
        '(header.pin: true in its snapshot.yml)',
    )
  return pins
}

/** One line per class a refresh re-pinned, with what changed, and a closing count. */
export async function pinChanges(root: string, before: readonly PinState[]): Promise<string[]> {
  const after = new Map((await pinStates(root)).map((state) => [state.pin, state]))
  const lines = before.flatMap((old) => {
    const now = after.get(old.pin)
    const changes = now ? changesOf(old, now) : []
    return changes.length ? [`  class ${old.class} (pin ${old.pin}): ${changes.join('; ')}`] : []
  })
  const head = `refresh --pins: ${lines.length} of ${before.length} header classes re-pinned`
  return [head + (lines.length ? ':' : ' (nothing changed)'), ...lines]
}

function changesOf(old: PinState, now: PinState): string[] {
  const changes: string[] = []
  if (old.tools !== now.tools) {
    const tools = old.tools !== undefined && now.tools !== undefined ? toolChanges(old.tools, now.tools) : undefined
    changes.push(`tools ${tools?.length ? tools.join(', ') : 'rewritten'}`)
  }
  if (old.system !== now.system) changes.push('system prompt changed')
  if (old.models !== now.models) changes.push(`models ${old.models || '(none)'} → ${now.models || '(none)'}`)
  return changes
}

async function pinStates(root: string): Promise<PinState[]> {
  const { scenarios } = await discoverScenarios(root, { goldensOptional: true })
  const read = (owner: string, file: string) => {
    const path = join(root, 'scenarios', owner, file)
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined
  }
  return scenarios.flatMap(({ name, manifest }) => {
    const header = manifest.header
    if (!header?.pin) return []
    return [
      {
        class: header.class,
        pin: name,
        system: read(header.systemPromptSource ?? name, SIDECAR_SYSTEM_PROMPT),
        tools: read(header.toolSchemasSource ?? name, SIDECAR_TOOL_SCHEMAS),
        models: (manifest.models ?? []).join(', '),
      },
    ]
  })
}
