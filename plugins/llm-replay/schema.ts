// Strict zod schemas for model chunks and replay entries. They mirror StreamChunk in
// plugins/llm/types.ts exactly, so an override can only say what a real adapter can stream.
import { z } from 'zod'
import type { StreamChunk } from '../llm/types.ts'
import type { ReplayEntry } from './derive.ts'

const count = z.number().int().nonnegative()

const StreamErrorSchema = z.strictObject({
  message: z.string(),
  code: z.string().min(1),
  status: z.number().int().optional(),
  retryAfterMs: z.number().int().nonnegative().optional(),
})

export const StreamChunkSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text-delta'), text: z.string() }),
  z.strictObject({ type: z.literal('reasoning-delta'), text: z.string() }),
  z.strictObject({
    type: z.literal('tool-call-delta'),
    index: count,
    id: z.string().optional(),
    name: z.string().optional(),
    argumentsDelta: z.string(),
  }),
  z.strictObject({
    type: z.literal('usage'),
    inputTokens: count,
    outputTokens: count,
    cachedInputTokens: count.optional(),
  }),
  z.strictObject({
    type: z.literal('finish'),
    reason: z.enum(['stop', 'tool-calls', 'max-tokens', 'aborted', 'error']),
    error: StreamErrorSchema.optional(),
  }),
])

/** A model call's place: its (turn, step), and optionally its attempt (1, 2, …) and purpose (default `turn`). */
const StepRefSchema = z.strictObject({
  turn: z.number().int().positive(),
  step: z.number().int().positive(),
  attempt: z.number().int().positive().optional(),
  purpose: z.string().min(1).optional(),
})

/** Chunks a stream delivers before it ends: a `finish` is only allowed as the very last chunk. */
function chunkList(finishAllowedLast: boolean) {
  return z.array(StreamChunkSchema).superRefine((chunks, ctx) => {
    chunks.forEach((chunk, index) => {
      if (chunk.type !== 'finish') return
      if (finishAllowedLast && index === chunks.length - 1) return
      ctx.addIssue({
        code: 'custom',
        path: [index, 'type'],
        message: finishAllowedLast
          ? 'a "finish" chunk must be the last chunk (the stream ends there; later chunks would never be delivered)'
          : 'a throw\'s prefix chunks cannot contain "finish" (the stream would end before the throw)',
      })
    })
  })
}

/**
 * An entry as written in replay.override.json. `at` is the model call's (turn, step) in the
 * recorded session; drift checks compare the live request against it.
 */
export function entrySchema(atRequired: boolean) {
  const at = atRequired ? StepRefSchema : StepRefSchema.optional()
  return z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('chunks'), at, chunks: chunkList(true) }),
    z.strictObject({
      kind: z.literal('throw'),
      at,
      chunks: chunkList(false).optional(),
      message: z.string(),
      code: z.string().min(1),
      status: z.number().int().optional(),
      retryAfterMs: z.number().int().nonnegative().optional(),
    }),
    z.strictObject({ kind: z.literal('hang'), at, chunks: chunkList(false).optional() }),
  ])
}

type OverrideEntryInput = z.infer<ReturnType<typeof entrySchema>>

/** Drop the file-only `at` and fill defaults, giving the in-memory entry the listener serves. */
export function toReplayEntry(input: OverrideEntryInput): ReplayEntry {
  switch (input.kind) {
    case 'chunks':
      return { kind: 'chunks', chunks: input.chunks as StreamChunk[] }
    case 'throw': {
      const entry: ReplayEntry = {
        kind: 'throw',
        chunks: (input.chunks ?? []) as StreamChunk[],
        message: input.message,
        code: input.code,
      }
      if (input.status !== undefined) entry.status = input.status
      return entry
    }
    case 'hang':
      return input.chunks?.length ? { kind: 'hang', chunks: input.chunks as StreamChunk[] } : { kind: 'hang' }
  }
}
