// `scenarios/<name>/model.yml`: what the scripted model answers when the scenario is recorded
// keylessly (`dsh test <name> --mode record --stub`). Plain data, one item per model request in
// request order, turned into the DeepSeek-wire stub endpoint's script items
// (plugins/llm-deepseek/stub-endpoint/). Discovery validates it in every mode; the stub items
// (token-cut deltas, SSE events) are built only when a --stub recording starts: replay never
// streams them (the session log is the model then).
import { join } from 'node:path'
import { z } from 'zod'
import {
  SseEnd,
  SseItem,
  cutAfter,
  hang,
  httpError,
  modelTurn,
  type StubScriptItem,
} from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'
import { closedObject } from '../../../lib/closed-object.ts'
import { fileErrorMap, zodIssuesToFileIssues, type FileIssue } from '../../../lib/file-issues.ts'
import { readFixtureSync } from '../env/safe-fixture-io.ts'
import { ScenarioFileError } from './issues.ts'
import { parseYamlData } from './yaml.ts'

export const MODEL_SCRIPT_FILE = 'model.yml'

const count = z.int().min(0)

const reply = closedObject({
  reasoning: z.string().optional().meta({ description: 'Streamed as reasoning_content before the text.' }),
  text: z.string().optional().meta({ description: 'The answer text.' }),
  toolCalls: z
    .array(
      closedObject({
        id: z.string().min(1),
        name: z.string().min(1),
        arguments: z.string().meta({ description: 'The full JSON argument text, e.g. \'{"path":"a.txt"}\'.' }),
      }),
    )
    .optional(),
  deltas: z.int().min(1).optional().meta({
    description: 'Cut each text and argument into this many near-equal pieces (default: token-like pieces).',
  }),
  interleave: z.boolean().optional().meta({ description: 'Round-robin the argument pieces of parallel tool calls.' }),
  finishReason: z
    .enum(['stop', 'tool_calls', 'length', 'content_filter', 'insufficient_system_resource'])
    .optional()
    .meta({ description: 'Default: tool_calls when there are tool calls, else stop.' }),
  usage: z
    .union([
      closedObject({ input: count.optional(), output: count.optional(), cached: count.optional() }),
      z.literal(false),
    ])
    .optional()
    .meta({
      description:
        'Token usage; a count left out is counted (output from the text, input from the request); false: none.',
    }),
  model: z.string().min(1).optional().meta({ description: 'The model name in the chunks (default deepseek-chat).' }),
  delayMs: count.optional().meta({ description: 'Wait this long before each event.' }),
  splitCharacters: z.boolean().optional().meta({
    description: 'Cut every multi-byte character between two network writes, as a real connection may.',
  }),
  cutAfter: count.optional().meta({
    description: 'Send only the first N events (the role chunk counts), then end as `end` says (default disconnect).',
  }),
  end: SseEnd.optional().meta({ description: 'done (default), close, disconnect, or hang until the client cancels.' }),
}).meta({ description: 'One whole model turn in DeepSeek wire shape.' })

const ITEM_SCHEMAS = {
  reply,
  httpError: closedObject({
    status: z.int().min(400).max(599),
    message: z.string(),
    type: z.string().optional().meta({ description: 'error.type (default invalid_request_error).' }),
    code: z.union([z.string(), z.null()]).optional().meta({ description: 'error.code (default: the type).' }),
  }).meta({ description: "An HTTP error with DeepSeek's body shape, before any stream." }),
  hang: z.literal(true).meta({ description: 'Never answer until the client closes the connection.' }),
  sse: SseItem.omit({ kind: true }).meta({
    description: 'Raw SSE events (the stub script format): an object is sent as data: JSON, a string verbatim.',
  }),
  error: closedObject({
    status: z.int().min(400).max(599),
    body: z.union([z.record(z.string(), z.unknown()), z.string()]),
  }).meta({ description: 'A raw HTTP error: an object body is sent as JSON, a string verbatim.' }),
}
type ItemKind = keyof typeof ITEM_SCHEMAS
const ITEM_KINDS = Object.keys(ITEM_SCHEMAS) as ItemKind[]

/** The file's shape, for the published JSON Schema: a list of items, each with exactly one key. */
export const modelScriptSchema = z
  .array(z.union(ITEM_KINDS.map((kind) => closedObject({ [kind]: ITEM_SCHEMAS[kind] }))))
  .meta({
    title: 'dsh scenario model script (model.yml)',
    description: 'What the scripted model answers, one item per model request, in request order.',
  })

/** A validated model.yml item: its one key and that key's parsed value (plain data). */
export interface ModelScriptItem {
  kind: ItemKind
  value: unknown
}

/** Pure: validate model.yml text, item by item; errors name the item and field. */
function validateModelScript(text: string, file: string): ModelScriptItem[] {
  const data = parseYamlData(text, file)
  if (!Array.isArray(data)) {
    throw new ScenarioFileError(file, [
      { path: '', message: 'a model script is a YAML list of items (reply, httpError, hang, sse, error); [] for none' },
    ])
  }
  const issues: FileIssue[] = []
  const items: ModelScriptItem[] = []
  data.forEach((item, index) => {
    const keys = item && typeof item === 'object' && !Array.isArray(item) ? Object.keys(item) : []
    if (keys.length !== 1 || !ITEM_KINDS.includes(keys[0] as ItemKind)) {
      issues.push({
        path: `[${index}]`,
        message: `an item has exactly one of ${ITEM_KINDS.join(', ')}; got ${keys.length ? keys.join(', ') : 'no key'}`,
      })
      return
    }
    const kind = keys[0] as ItemKind
    const parsed = ITEM_SCHEMAS[kind].safeParse((item as Record<string, unknown>)[kind], { error: fileErrorMap })
    if (!parsed.success) issues.push(...zodIssuesToFileIssues(parsed.error.issues, [index, kind]))
    else items.push({ kind, value: parsed.data })
  })
  if (issues.length) throw new ScenarioFileError(file, issues)
  return items
}

/** Pure: validated items as the stub endpoint's script items. */
export function toStubItems(items: readonly ModelScriptItem[]): StubScriptItem[] {
  return items.map(({ kind, value }) => toStubItem(kind, value))
}

function toStubItem(kind: ItemKind, value: unknown): StubScriptItem {
  switch (kind) {
    case 'reply': {
      const { cutAfter: keep, ...spec } = value as z.output<typeof reply>
      const turn = modelTurn(spec)
      return keep === undefined ? turn : cutAfter(turn, keep, spec.end ?? 'disconnect')
    }
    case 'httpError': {
      const { status, message, type, code } = value as z.output<(typeof ITEM_SCHEMAS)['httpError']>
      return httpError(status, message, { type, ...(code !== undefined ? { code } : {}) })
    }
    case 'hang':
      return hang()
    case 'sse':
      return { kind: 'sse', ...(value as z.output<(typeof ITEM_SCHEMAS)['sse']>) }
    case 'error':
      return { kind: 'error', ...(value as z.output<(typeof ITEM_SCHEMAS)['error']>) }
  }
}

/** The scenario's model script, validated, or undefined when its folder has no model.yml. */
export function loadModelScript(repoRoot: string, name: string): ModelScriptItem[] | undefined {
  const file = `scenarios/${name}/${MODEL_SCRIPT_FILE}`
  const text = readFixtureSync(repoRoot, join(repoRoot, file))
  return text === undefined ? undefined : validateModelScript(text, file)
}
