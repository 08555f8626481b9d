// A Turn without a composition: a scripted model, an in-memory store, a tool registry and a
// client whose answers the test chooses. Everything the loop does is in `events`.
import type { z } from 'zod'
import type { LlmRequest, StreamChunk } from '../../llm/types.ts'
import type { EventData, EventType, PermissionOutcomeRecord, SessionEvent } from '../../session/events.ts'
import { SessionStorageError } from '../../session/storage-error.ts'
import type { SessionStore } from '../../session/store.ts'
import type { Tool } from '../../tools/types.ts'
import { AgentConfig } from '../config.ts'
import type { ModeId } from '../modes.ts'
import type { PermissionRequest } from '../prompt-client.ts'
import { restoreRuntime, type SessionRuntime } from '../session-runtime.ts'
import { Turn } from '../turn-state.ts'

export interface StandIns {
  runtime: SessionRuntime
  /** Every event appended, in order, with the session id it was appended to. */
  events: Array<SessionEvent & { sessionId: string }>
  /** The model requests the loop made. */
  requests: LlmRequest[]
  /** The permission requests the client received. */
  asked: PermissionRequest[]
  /** The backoffs the loop waited (milliseconds), in order; the stand-in's scheduler does not sleep. */
  waits: number[]
  controller: AbortController
  /** A fresh Turn of this session (each takes the next turn number). */
  turn(): Turn
  /** The stand-in store the turns append to. */
  store: Pick<SessionStore, 'append'>
  /** The scripted model the turns call. */
  llm: Turn['llm']
}

export interface StandInOptions {
  /** One chunk list per model call, in order. */
  steps?: StreamChunk[][]
  tools?: Tool[]
  mode?: ModeId
  /** The client's answer to a permission request (default: allow once). */
  answer?(request: PermissionRequest): Promise<PermissionOutcomeRecord>
  maxStepsPerTurn?: number
  hidden?: readonly string[]
  /** Whether this append fails as a full disk would (a SessionStorageError, nothing recorded). */
  storageFault?(type: EventType): boolean
  /** Agent config besides model, system prompt and step limit (retries, maxTokens, …). */
  config?: Partial<z.input<typeof AgentConfig>>
  /** Runs in each backoff wait, e.g. to cancel during it. */
  onWait?(ms: number): void
}

export function standIns(options: StandInOptions = {}): StandIns {
  const header = { type: 'session', version: 1, id: 'session-1', createdAt: 0, cwd: '/work/cwd' } as const
  // The same model as the config below: requests name the session's model.
  const runtime = restoreRuntime(header, [], 'm')
  if (options.mode) runtime.mode = options.mode
  const events: StandIns['events'] = []
  const requests: LlmRequest[] = []
  const asked: PermissionRequest[] = []
  const steps = [...(options.steps ?? [])]
  const tools = options.tools ?? []
  const controller = new AbortController()
  const store = {
    append<K extends EventType>(sessionId: string, type: K, data: EventData[K]): SessionEvent<K> {
      if (options.storageFault?.(type)) throw new SessionStorageError(`cannot append "${type}": ENOSPC (stand-in)`)
      const event = { seq: events.length + 1, time: 0, type, data } as SessionEvent<K>
      events.push({ ...(event as SessionEvent), sessionId })
      return event
    },
  }
  const waits: number[] = []
  const llm = {
    async wait(ms: number): Promise<void> {
      waits.push(ms)
      options.onWait?.(ms)
    },
    async *stream(request: LlmRequest): AsyncIterable<StreamChunk> {
      requests.push(request)
      const chunks = steps.shift()
      if (!chunks) throw new Error(`the test scripted no model call ${requests.length}`)
      yield* chunks
    },
  }
  const answer = options.answer ?? (async () => ({ outcome: 'selected', optionId: 'allow_once', kind: 'allow_once' }))
  const client = {
    requestPermission(request: PermissionRequest) {
      asked.push(request)
      return answer(request)
    },
  }
  const config = AgentConfig.parse({
    model: 'm',
    systemPrompt: 's',
    maxStepsPerTurn: options.maxStepsPerTurn ?? 25,
    ...options.config,
  })
  const registry = { list: () => tools, get: (name: string) => tools.find((t) => t.name === name) }
  const listed = options.hidden
  const hidden = listed && (() => listed)
  const turn = () => new Turn({ runtime, llm, store, registry, config, hidden, client, signal: controller.signal })
  return { runtime, events, requests, asked, waits, controller, turn, store, llm }
}

export const text = (value: string): StreamChunk[] => [
  { type: 'text-delta', text: value },
  { type: 'finish', reason: 'stop' },
]

export const callTool = (name: string, args: string, id = `call-${name}`): StreamChunk[] => [
  { type: 'tool-call-delta', index: 0, id, name, argumentsDelta: args },
  { type: 'finish', reason: 'tool-calls' },
]

/** A tool as the registry holds it; `run` is called as is (a throw reaches the loop). */
export function tool(
  name: string,
  kind: Tool['kind'],
  run: Tool['run'] = async () => ({ output: `${name} ran`, isError: false }),
): Tool {
  return {
    name,
    description: name,
    parameters: { type: 'object' },
    kind,
    needsApproval: kind !== 'read',
    title: () => name,
    run,
  }
}

export const typesOf = (events: StandIns['events']) => events.map((event) => event.type)
