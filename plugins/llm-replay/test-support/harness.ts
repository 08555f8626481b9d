// A live composition for this folder's tests: the llm service, a stand-in session store and
// llm-replay, with fixture folders in a temp dir. The real adapter for model "m" throws, so a
// replay that called next() fails the test (not shipped logic).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context, Service } from 'cordis'
import { afterAll, afterEach, expect, vi } from 'vitest'
import LlmService from '../../llm/index.ts'
import { ScopeService } from '../../scope/index.ts'
import type { LlmRequest, Message, StreamChunk } from '../../llm/types.ts'
import type { SessionHeader } from '../../session/events.ts'
import type { HistoryEvent } from '../../session/history.ts'
import { buildMessages } from '../../session/test-support/build-messages.ts'
import ReplayService, { type ReplayConfigInput } from '../index.ts'
import { captureInternalErrors, startOrDispose } from '../../config/test-support/internal-errors.ts'
import { liveMessages } from './builders.ts'

/** A stand-in for the session store: creates headers and emits `session/created` like the real one. */
export class FakeSessions extends Service {
  static readonly provide = 'sessions'
  private readonly headers = new Map<string, SessionHeader>()
  private counter = 0

  constructor(ctx: Context) {
    super(ctx, 'sessions')
  }

  create(options: { cwd: string; id?: string }): SessionHeader {
    const header: SessionHeader = {
      type: 'session',
      version: 1,
      id: options.id ?? `live-${++this.counter}`,
      createdAt: 0,
      cwd: options.cwd,
    }
    this.headers.set(header.id, header)
    this.ctx.emit('session/created', header)
    return header
  }

  /** A session persisted earlier (e.g. restored with session/load): readable, but never created here. */
  persist(header: SessionHeader): void {
    this.headers.set(header.id, header)
  }

  created(): SessionHeader[] {
    return []
  }

  read(id: string): { header: SessionHeader; events: [] } {
    const header = this.headers.get(id)
    if (!header) throw new Error(`no session ${id}`)
    return { header, events: [] }
  }
}

export interface Started {
  ctx: Context
  sessions: FakeSessions
  replay: ReplayService
}

/** Per test file: fixture folders, a live cwd, and a composition disposed after each test. */
export function replayHarness() {
  const root = mkdtempSync(join(tmpdir(), 'llm-replay-test-'))
  const liveCwd = mkdtempSync(join(tmpdir(), 'llm-replay-cwd-'))
  const state: HarnessState = { adapterCalls: 0, fixtures: 0, internalErrors: [] }

  afterEach(async () => {
    await state.ctx?.fiber.dispose()
    state.ctx = undefined
    // Cordis reports a replay that failed to start as internal/error; the test got that error from
    // start() (and checks it there). Any other is a failure nobody expected.
    const unexpected = state.internalErrors.filter((error) => error !== state.startError)
    state.internalErrors = []
    state.startError = undefined
    expect(unexpected).toEqual([])
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
    // The real adapter for model "m" throws; no test may ever reach it.
    expect(state.adapterCalls).toBe(0)
  })
  afterAll(() => {
    rmSync(root, { recursive: true, force: true })
    rmSync(liveCwd, { recursive: true, force: true })
  })

  return {
    root,
    liveCwd,
    /** Adopt a composition the test built itself, so it is disposed after the test. */
    adopt(ctx: Context): Context {
      state.ctx = ctx
      return ctx
    },
    fixtureCount: () => state.fixtures,

    /** Write fixture files into a fresh scenario folder; returns their paths. */
    scenario: <K extends string>(files: Record<K, string | object>) =>
      writeFixtures(join(root, `scenario-${++state.fixtures}`), files),
    start: (config: ReplayConfigInput) => startReplay(state, config),

    /** The request the live agent makes at (turn, step): recorded history with `{{cwd}}` spelled as the live cwd. */
    requestAt(
      sessionId: string,
      events: HistoryEvent[],
      turn: number,
      step: number,
      signal = new AbortController().signal,
    ): LlmRequest {
      return request(sessionId, liveMessages(buildMessages(events, { turn, step }), liveCwd), turn, step, signal)
    },
  }
}

interface HarnessState {
  ctx?: Context
  adapterCalls: number
  fixtures: number
  /** What the composition reported as internal/error (captureInternalErrors), and what start() threw. */
  internalErrors: unknown[]
  startError?: unknown
}

function writeFixtures<K extends string>(dir: string, files: Record<K, string | object>): Record<K, string> {
  mkdirSync(dir)
  const paths: Partial<Record<string, string>> = {}
  for (const [name, content] of Object.entries<string | object>(files)) {
    const path = join(dir, name)
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
    paths[name] = path
  }
  // Every key of `files` got its path above.
  return paths as Record<K, string>
}

/** llm + fake sessions + replay with `config`; the real adapter of model "m" counts every call (there must be none). */
async function startReplay(state: HarnessState, config: ReplayConfigInput): Promise<Started> {
  // Tests that leave entries unconsumed would print the shutdown report; keep the run quiet.
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
  const context = (state.ctx = new Context())
  state.internalErrors = captureInternalErrors(context)
  await context.plugin(ScopeService)
  await context.plugin(LlmService)
  await context.plugin(FakeSessions)
  state.adapterCalls = 0
  context.llm.register(['m'], () => {
    state.adapterCalls++
    throw new Error('the real adapter was reached: replay called next()')
  })
  try {
    await startOrDispose(context.plugin(ReplayService, config))
  } catch (error) {
    state.startError = error
    throw error
  }
  return { ctx: context, sessions: context.get('sessions') as unknown as FakeSessions, replay: context.replay }
}

export function request(
  sessionId: string,
  messages: Message[],
  turn: number,
  step: number,
  signal = new AbortController().signal,
): LlmRequest {
  return { sessionId, turn, step, model: 'm', system: 'sys', messages, tools: [], signal }
}

export async function collect(stream: AsyncIterable<StreamChunk>): Promise<StreamChunk[]> {
  const chunks: StreamChunk[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return chunks
}
