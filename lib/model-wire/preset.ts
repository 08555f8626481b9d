// An agent preset (presets/*.yml, or a user's own file): how to start one ACP agent and point its
// model calls at the model server — its command, the wire it speaks, the environment and config
// files that carry the server's address. `{{modelUrl}}`, `{{home}}` (a fresh home per run) and
// `{{cwd}}` are filled in per run. Pure: host/foreign/presets.ts reads the files.
import { z } from 'zod'
import { closedObject } from '../closed-object.ts'
import { NamedError } from '../named-error.ts'
import { AGENT_WIRES, type Wire } from './wires.ts'

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

export const agentPresetSchema = closedObject({
  name: z.string().min(1).meta({ description: 'What --agent-preset and dsh.config.yml agent.preset call it.' }),
  description: z.string().optional(),
  package: z.string().optional().meta({ description: 'The npm package that installs the agent (documentation).' }),
  command: z.string().min(1).meta({ description: 'The command that starts the agent on ACP over stdio.' }),
  wire: z.string().meta({ description: `The model wire the agent speaks: ${AGENT_WIRES.join(', ')}.` }),
  env: z
    .record(z.string().regex(ENV_NAME), z.string())
    .default({})
    .meta({ description: 'Variables set for the agent; {{modelUrl}}, {{home}} and {{cwd}} are filled in.' }),
  files: z
    .array(closedObject({ path: z.string().min(1), text: z.string() }))
    .default([])
    .meta({ description: 'Config files written before the agent starts; the path starts with {{home}} or {{cwd}}.' }),
  upstream: z
    .url({ protocol: /^https?$/ })
    .optional()
    .meta({
      description:
        "The provider's base URL that record without --stub proxies each model request to (the request's path " +
        'appended), e.g. https://generativelanguage.googleapis.com; --upstream or dsh.config.yml agent.upstream win.',
    }),
  keyEnv: z
    .string()
    .regex(ENV_NAME)
    .optional()
    .meta({
      description:
        "The variable in the user's environment holding the provider key; dsh reads it and adds it to upstream " +
        'requests only (the agent keeps the dummy key its env gives it).',
    }),
  normalize: z
    .array(closedObject({ pattern: z.string().min(1), token: z.string() }))
    .default([])
    .meta({
      description:
        "What varies run to run in this agent's model requests and transcript (a process id it prints): a regular " +
        'expression and the token it becomes.',
    }),
}).meta({ title: 'dsh agent preset', description: 'How to start an ACP agent against the model server.' })

export type AgentPreset = Omit<z.output<typeof agentPresetSchema>, 'wire'> & { wire: Wire }

/** A preset whose wire the model server does not speak. */
class PresetWireError extends NamedError {
  override name = 'PresetWireError'
}

/** The preset with its wire checked; `file` names it in the error. */
export function checkPresetWire(preset: z.output<typeof agentPresetSchema>, file: string): AgentPreset {
  if ((AGENT_WIRES as readonly string[]).includes(preset.wire)) return preset as AgentPreset
  throw new PresetWireError(
    `${file}: preset ${preset.name} names wire ${JSON.stringify(preset.wire)}, which the model server does not ` +
      `speak; it speaks ${AGENT_WIRES.join(', ')} (lib/model-wire/wires.ts); use one of them or add the wire there`,
  )
}

interface PresetPlaces {
  modelUrl: string
  home: string
  cwd: string
}

/** The preset's variables and files with the run's places filled in. */
export function fillPreset(
  preset: AgentPreset,
  places: PresetPlaces,
): { env: Record<string, string>; files: Array<{ path: string; text: string }> } {
  const fill = (text: string) => fillPlaces(text, places)
  const env = Object.fromEntries(Object.entries(preset.env).map(([name, value]) => [name, fill(value)]))
  const files = preset.files.map((file) => {
    if (!file.path.startsWith('{{home}}/') && !file.path.startsWith('{{cwd}}/'))
      throw new NamedError(`preset ${preset.name}: file ${file.path} must start with {{home}}/ or {{cwd}}/`)
    return { path: fill(file.path), text: fill(file.text) }
  })
  return { env, files }
}

/** `{{modelUrl}}`, `{{home}}` and `{{cwd}}` in a text filled in. */
export function fillPlaces(text: string, places: PresetPlaces): string {
  return text
    .replaceAll('{{modelUrl}}', places.modelUrl)
    .replaceAll('{{home}}', places.home)
    .replaceAll('{{cwd}}', places.cwd)
}
