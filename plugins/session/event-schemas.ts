// The data of each event kind as zod schemas, checked against EventData (events.ts) at compile time in
// both directions, so what the store writes and what a reader accepts are one definition. The reader
// (log-format.ts) validates every event's data with them: a wrong-typed field is a named error with
// file and line, never a crash further on (`blocks.map is not a function`; issue 43, silent 22).
// Objects are loose: a key a later dsh adds does not fail an older reader, and is kept.
import { z } from 'zod'
import { lazy } from '../../lib/lazy.ts'
import type { SandboxRecord } from '../../lib/sandbox/describe.ts'
import type { Message } from '../llm/types.ts'
import type { EventData, EventType } from './events.ts'

/** The wire's pieces several events share: stream chunks and errors, tool calls, the tool list. */
function modelPieces() {
  const count = z.number().int().nonnegative()
  const text = z.string()

  const streamError = z.looseObject({
    message: text,
    code: text,
    status: z.number().optional(),
    retryAfterMs: count.optional(),
  })
  const streamChunk = z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('text-delta'), text }),
    z.looseObject({ type: z.literal('reasoning-delta'), text }),
    z.looseObject({
      type: z.literal('tool-call-delta'),
      index: count,
      id: text.optional(),
      name: text.optional(),
      argumentsDelta: text,
    }),
    z.looseObject({
      type: z.literal('usage'),
      inputTokens: count,
      outputTokens: count,
      cachedInputTokens: count.optional(),
    }),
    z.looseObject({
      type: z.literal('finish'),
      reason: z.enum(['stop', 'tool-calls', 'max-tokens', 'aborted', 'error']),
      error: streamError.optional(),
    }),
  ])
  const toolCall = z.looseObject({ id: text, name: text, arguments: text })
  const toolSchema = z.looseObject({ name: text, description: text, parameters: z.record(z.string(), z.unknown()) })
  /** Normalized fixtures write the request header's tool list as a token (`{{tools}}`), a string. */
  const tools = z.union([z.array(toolSchema), z.literal('{{tools}}')])
  const turnStep = { turn: count, step: count }
  const empty = z.looseObject({})
  return { count, text, turnStep, empty, streamError, streamChunk, toolCall, tools }
}

/** ACP's pieces the events hold: content blocks, a tool call's display, permission kinds, sandbox records. */
function acpPieces({ count, text }: ReturnType<typeof modelPieces>) {
  /** An ACP content block, by kind, with the fields each kind requires. */
  const contentBlock = z.discriminatedUnion('type', [
    z.looseObject({ type: z.literal('text'), text }),
    z.looseObject({ type: z.literal('image'), data: text, mimeType: text }),
    z.looseObject({ type: z.literal('audio'), data: text, mimeType: text }),
    z.looseObject({ type: z.literal('resource_link'), uri: text, name: text }),
    z.looseObject({
      type: z.literal('resource'),
      resource: z.union([z.looseObject({ uri: text, text }), z.looseObject({ uri: text, blob: text })]),
    }),
  ])
  const location = z.looseObject({ path: text, line: count.optional() })
  const display = z.looseObject({
    locations: z.array(location).optional(),
    diff: z.looseObject({ path: text, oldText: text.nullable(), newText: text }).optional(),
    terminalId: text.optional(),
    plan: z
      .array(
        z.looseObject({
          content: text,
          status: z.enum(['pending', 'in_progress', 'completed']),
          priority: z.enum(['high', 'medium', 'low']),
        }),
      )
      .optional(),
  })
  const permissionKind = z.enum(['allow_once', 'allow_always', 'reject_once', 'reject_always'])

  /**
   * The sandbox a call or server ran under (lib/sandbox/describe.ts): its subject and how it ran, at
   * least; normalized fixtures write it as a token (`{{sandbox}}`: it differs from machine to machine).
   */
  const sandboxRecordData = z.custom<SandboxRecord>(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { subject?: unknown }).subject === 'string' &&
      typeof (value as { run?: unknown }).run === 'string',
    'a sandbox record { subject, mode, run, … }',
  )
  const sandboxRecord = z.union([sandboxRecordData, z.literal('{{sandbox}}')])
  return { contentBlock, display, permissionKind, sandboxRecord }
}

type Pieces = ReturnType<typeof modelPieces> & ReturnType<typeof acpPieces>

/** A turn up to the model's answer. */
function modelEvents({ count, text, turnStep, contentBlock, tools, streamChunk, toolCall }: Pieces) {
  return {
    'user/message': z.looseObject({ turn: count, messageId: text, content: z.array(contentBlock) }),
    'turn/start': z.looseObject({ turn: count }),
    'step/start': z.looseObject(turnStep),
    'request/header': z.looseObject({
      ...turnStep,
      model: text,
      system: text,
      tools,
      reason: z.enum(['initial', 'change']),
    }),
    'model/request': z.looseObject({
      ...turnStep,
      attempt: z.number().int().positive(),
      purpose: text.min(1),
      maxTokens: z.number().int().positive().nullable(),
      options: z.record(z.string(), z.unknown()).optional(),
      system: text.optional(),
      messages: z
        .array(z.custom<Message>((value) => typeof value === 'object' && value !== null && 'role' in value))
        .optional(),
    }),
    'assistant/chunk': z.looseObject({
      ...turnStep,
      attempt: z.number().int().positive().optional(),
      purpose: text.min(1).optional(),
      chunk: streamChunk,
    }),
    'model/retry': z.looseObject({
      ...turnStep,
      attempt: z.number().int().positive(),
      purpose: text.min(1),
      delayMs: count,
      code: text,
      status: z.number().int().optional(),
    }),
    'assistant/message': z.looseObject({
      ...turnStep,
      messageId: text,
      text,
      reasoning: text.optional(),
      toolCalls: z.array(toolCall),
      usage: z.looseObject({ inputTokens: count, outputTokens: count, cachedInputTokens: count.optional() }).optional(),
    }),
  }
}

/** A tool call's course, and the turn's end. */
function toolEvents({ count, text, turnStep, permissionKind, display, sandboxRecord, streamError }: Pieces) {
  return {
    'tool/call': z.looseObject({ ...turnStep, callId: text, name: text, arguments: text }),
    'permission/request': z.looseObject({
      callId: text,
      approvalId: text,
      options: z.array(z.looseObject({ optionId: text, name: text, kind: permissionKind })),
      scope: text.optional(),
    }),
    'permission/outcome': z.looseObject({
      approvalId: text,
      outcome: z.discriminatedUnion('outcome', [
        z.looseObject({ outcome: z.literal('selected'), optionId: text, kind: permissionKind }),
        z.looseObject({ outcome: z.literal('cancelled') }),
      ]),
    }),
    'tool/start': z.looseObject({ ...turnStep, callId: text }),
    'tool/update': z.looseObject({ ...turnStep, callId: text, display }),
    'tool/result': z.looseObject({
      ...turnStep,
      callId: text,
      output: text,
      isError: z.boolean(),
      display: display.optional(),
      sandbox: sandboxRecord.optional(),
    }),
    'step/end': z.looseObject(turnStep),
    'turn/end': z.looseObject({
      turn: count,
      reason: z.enum(['end_turn', 'cancelled', 'max_tokens', 'max_turn_requests', 'refusal', 'error']),
      error: streamError.optional(),
    }),
  }
}

/** The session around the turns: modes, MCP, notices, instructions, config, commands, compaction. */
function sessionEvents({ count, text, empty, sandboxRecord }: Pieces) {
  return {
    'mode/change': z.looseObject({ modeId: text }),
    'mcp/failure': z.looseObject({ server: text, message: text }),
    'mcp/server': z.looseObject({ server: text, sandbox: sandboxRecord }),
    'session/directories': z.looseObject({ additionalDirectories: z.array(text) }),
    notice: z.looseObject({
      severity: z.enum(['info', 'warning', 'error']),
      title: text,
      description: text.optional(),
      fallback: text.optional(),
    }),
    'project/instructions': z.looseObject({
      files: z.array(z.looseObject({ path: text, bytes: count, sha256: text })),
    }),
    'session/resume': z.looseObject({ cwd: text }),
    'session/close': empty,
    'config/change': z.looseObject({ configId: text, value: text }),
    'command/run': z.looseObject({ name: text, input: text, output: text, isError: z.boolean() }),
    'history/clear': empty,
    'compaction/start': z.looseObject({
      compactionId: text,
      turn: count,
      step: count,
      trigger: z.enum(['auto', 'command']),
    }),
    'compaction/end': z.looseObject({
      compactionId: text,
      status: z.enum(['completed', 'failed', 'cancelled']),
      summary: text.optional(),
      keep: count.optional(),
      error: text.optional(),
    }),
  }
}

/** Every event kind's schema: built on first use (eventDataSchemas), not when a process loads this module. */
function buildSchemas() {
  const model = modelPieces()
  const pieces = { ...model, ...acpPieces(model) }
  return { ...modelEvents(pieces), ...toolEvents(pieces), ...sessionEvents(pieces) }
}

// A valid parse is a value of the declared type: each schema's output is assignable to its EventData
// (a field the type has and the schema lacks, or types that differ, fail the build here). The
// exceptions are the normalized forms fixtures hold, spelt out: `{{tools}}` for the tool list,
// `{{sandbox}}` for a sandbox record, and the empty events' loose `{}`.
type Parsed<K extends EventType> = z.output<ReturnType<typeof buildSchemas>[K]>
type Normalized<K extends EventType> = K extends 'request/header'
  ? Parsed<K> & { tools: Exclude<Parsed<K>['tools'], string> }
  : K extends 'tool/result' | 'mcp/server'
    ? Parsed<K> & { sandbox?: Exclude<Parsed<K>['sandbox'], string> }
    : K extends 'history/clear' | 'session/close'
      ? EventData[K]
      : Parsed<K>
type Sound = { [K in EventType]: Normalized<K> extends EventData[K] ? true : K }
const sound: { [K in EventType]: true } = {} as Sound
void sound

/**
 * The schema of each event kind's data. Typed as what it parses (a normalized fixture's tokens
 * included); Sound above ties that to EventData, so the reader's result is the event it claims.
 */
export const eventDataSchemas: () => { readonly [K in EventType]: z.ZodType<Parsed<K>> } = lazy(buildSchemas)

/**
 * An `assistant/chunk`'s data the schema certainly accepts, checked by hand: most lines of a log are
 * streamed deltas, and zod on each made reading a 10k-event log 60 % slower. False: ask the schema.
 * (event-data.test.ts holds it to the schema.)
 */
export function isPlainChunk(data: Record<string, unknown>): boolean {
  const { turn, step, chunk } = data
  if (!isCount(turn) || !isCount(step) || typeof chunk !== 'object' || chunk === null) return false
  if (data.attempt !== undefined || data.purpose !== undefined) return false
  const delta = chunk as Record<string, unknown>
  if (delta.type === 'text-delta' || delta.type === 'reasoning-delta') return typeof delta.text === 'string'
  return (
    delta.type === 'tool-call-delta' &&
    isCount(delta.index) &&
    typeof delta.argumentsDelta === 'string' &&
    (delta.id === undefined || typeof delta.id === 'string') &&
    (delta.name === undefined || typeof delta.name === 'string')
  )
}

function isCount(value: unknown): boolean {
  return Number.isInteger(value) && (value as number) >= 0
}
