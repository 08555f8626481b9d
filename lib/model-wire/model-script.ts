// A scenario's `model.yml` (docs/scenario-format.md): what the scripted model answers, one item per
// model request, in request order, in no provider's shape. The model server (server.ts) renders an
// item on the wire the request came on (openai-chat.ts, anthropic-messages.ts), and the scripted
// stand-in (plugins/llm-stub) plays it as stream chunks for adapters without a wire. Pure data.
import { z } from 'zod'
import { closedObject } from '../closed-object.ts'
import { SseEnd, SseItem } from './script.ts'

const count = z.int().min(0)

/** Why a turn ended, in the script's words (the OpenAI-compatible names; each wire renders its own). */
export const FINISH_REASONS = [
  'stop',
  'tool_calls',
  'length',
  'content_filter',
  'insufficient_system_resource',
] as const

export const ReplyItem = closedObject({
  reasoning: z.string().optional().meta({ description: 'Streamed as reasoning before the text.' }),
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
  pieces: closedObject({ text: z.array(count).optional(), reasoning: z.array(count).optional() })
    .optional()
    .meta({
      description:
        "The lengths of the pieces the text and reasoning streamed in (a live recording keeps the provider's cuts, " +
        'so replay sends the same deltas); ignored when they do not add up to the whole.',
    }),
  finishReason: z
    .enum(FINISH_REASONS)
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
  model: z.string().min(1).optional().meta({ description: 'The model name the wire reports (default deepseek-chat).' }),
  delayMs: count.optional().meta({ description: 'Wait this long before each event.' }),
  splitCharacters: z.boolean().optional().meta({
    description: 'Cut every multi-byte character between two network writes, as a real connection may.',
  }),
  cutAfter: count.optional().meta({
    description: 'Send only the first N events (or stream chunks), then end as `end` says (default disconnect).',
  }),
  end: SseEnd.optional().meta({ description: 'done (default), close, disconnect, or hang until the client cancels.' }),
}).meta({ description: 'One whole model turn.' })
export type ReplyItem = z.output<typeof ReplyItem>

export const HttpErrorItem = closedObject({
  status: z.int().min(400).max(599),
  message: z.string(),
  type: z.string().optional().meta({ description: 'The error type (default invalid_request_error).' }),
  code: z.union([z.string(), z.null()]).optional().meta({ description: 'error.code (default: the type).' }),
  retryAfter: count.optional().meta({ description: 'A Retry-After header, in seconds, sent with the error.' }),
}).meta({ description: "An HTTP error, in the body shape of the request's wire, before any stream." })
export type HttpErrorItem = z.output<typeof HttpErrorItem>

export const MODEL_ITEM_SCHEMAS = {
  reply: ReplyItem,
  httpError: HttpErrorItem,
  hang: z.literal(true).meta({ description: 'Never answer until the client closes the connection.' }),
  sse: SseItem.omit({ kind: true }).meta({
    description: 'Raw OpenAI chat-completions SSE events: an object is sent as data: JSON, a string verbatim.',
  }),
  error: closedObject({
    status: z.int().min(400).max(599),
    body: z.union([z.record(z.string(), z.unknown()), z.string()]),
  }).meta({ description: 'A raw HTTP error: an object body is sent as JSON, a string verbatim.' }),
}
export type ModelItemKind = keyof typeof MODEL_ITEM_SCHEMAS
export const MODEL_ITEM_KINDS = Object.keys(MODEL_ITEM_SCHEMAS) as ModelItemKind[]

/** A validated model.yml item: its one key and that key's value. */
export type ModelScriptItem =
  | { kind: 'reply'; value: ReplyItem }
  | { kind: 'httpError'; value: HttpErrorItem }
  | { kind: 'hang'; value: true }
  | { kind: 'sse'; value: Omit<z.output<typeof SseItem>, 'kind'> }
  | { kind: 'error'; value: z.output<(typeof MODEL_ITEM_SCHEMAS)['error']> }

/** The file's shape, for the published JSON Schema: a list of items, each with exactly one key. */
export const modelScriptSchema = z
  .array(z.union(MODEL_ITEM_KINDS.map((kind) => closedObject({ [kind]: MODEL_ITEM_SCHEMAS[kind] }))))
  .meta({
    title: 'dsh scenario model script (model.yml)',
    description: 'What the scripted model answers, one item per model request, in request order.',
  })

/** An item the chosen wire cannot express: which, and why (the host refuses before recording anything). */
export class WireExpressionError extends Error {
  override name = 'WireExpressionError'
}
