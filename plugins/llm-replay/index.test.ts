import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context, Service } from 'cordis'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { buildMessages, type HistoryEvent } from '../session/history.ts'
import LlmService from '../llm/index.ts'
import type { LlmRequest, StreamChunk } from '../llm/types.ts'
import type { SessionHeader } from '../session/events.ts'
import SessionStore from '../session/index.ts'
import ReplayService, { type ReplayConfigInput, ReplayVerificationError } from './index.ts'
import { buildEvents, liveMessages, logText, stop, text, toolCallChunks } from './test-support.ts'

/** A stand-in for the session store: creates headers and emits `session/created` like the real one. */
class FakeSessions extends Service {
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

const root = mkdtempSync(join(tmpdir(), 'llm-replay-test-'))
const LIVE_CWD = mkdtempSync(join(tmpdir(), 'llm-replay-cwd-'))
let ctx: Context | undefined
let adapterCalls = 0
let fixtureCount = 0

afterEach(async () => {
  await ctx?.fiber.dispose()
  ctx = undefined
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
  // The real adapter for model "m" throws; no test may ever reach it.
  expect(adapterCalls).toBe(0)
})
afterAll(() => {
  rmSync(root, { recursive: true, force: true })
  rmSync(LIVE_CWD, { recursive: true, force: true })
})

/** Write fixture files into a fresh scenario folder; returns their paths. */
function scenario(files: Record<string, string | object>): Record<string, string> {
  const dir = join(root, `scenario-${++fixtureCount}`)
  mkdirSync(dir)
  const paths: Record<string, string> = {}
  for (const [name, content] of Object.entries(files)) {
    paths[name] = join(dir, name)
    writeFileSync(paths[name], typeof content === 'string' ? content : JSON.stringify(content))
  }
  return paths
}

async function start(
  config: ReplayConfigInput,
): Promise<{ ctx: Context; sessions: FakeSessions; replay: ReplayService }> {
  // Tests that leave entries unconsumed would print the shutdown report; keep the run quiet.
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
  const context = (ctx = new Context())
  await context.plugin(LlmService)
  await context.plugin(FakeSessions)
  adapterCalls = 0
  context.llm.register(['m'], () => {
    adapterCalls++
    throw new Error('the real adapter was reached: replay called next()')
  })
  await context.plugin(ReplayService, config as never)
  return { ctx: context, sessions: context.get('sessions') as unknown as FakeSessions, replay: context.replay }
}

/** The request the live agent makes at (turn, step): history rebuilt from the recorded events, in the live cwd. */
function requestAt(
  sessionId: string,
  events: HistoryEvent[],
  turn: number,
  step: number,
  signal = new AbortController().signal,
): LlmRequest {
  const messages = liveMessages(buildMessages(events, { turn, step }), LIVE_CWD)
  return { sessionId, turn, step, model: 'm', system: 'sys', messages, tools: [], signal }
}

async function collect(stream: AsyncIterable<StreamChunk>): Promise<StreamChunk[]> {
  const chunks: StreamChunk[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return chunks
}

const call = { id: '{{call:1}}', name: 'bash', arguments: '{"command":"ls"}' }
const twoTurns = buildEvents([
  {
    prompt: 'list files',
    steps: [
      { chunks: toolCallChunks(call), tools: [{ call, output: 'a.txt\nb.txt' }] },
      { chunks: [text('Two '), text('files.'), stop] },
    ],
  },
  { prompt: 'thanks', steps: [{ chunks: [text('Welcome.'), stop] }] },
])
/** A log whose only model call produced no chunk (the provider failed or hung before streaming). */
const silentCall = [
  { type: 'turn/start', data: { turn: 1 } },
  { type: 'user/message', data: { turn: 1, messageId: '{{message:1}}', content: [{ type: 'text', text: 'hi' }] } },
  { type: 'step/start', data: { turn: 1, step: 1 } },
  { type: 'turn/end', data: { turn: 1, reason: 'error' } },
] as HistoryEvent[]

describe('llm-replay serving', () => {
  it("serves each recorded call's chunks in order and never calls next()", async () => {
    const files = scenario({ 'session.jsonl': logText(twoTurns) })
    const { ctx, sessions, replay } = await start({ scenario: 'demo', sessions: [{ file: files['session.jsonl'] }] })
    // Registered after replay: only reachable if replay called next().
    let passedOn = 0
    ctx.on('llm/stream', (_request, next) => {
      passedOn++
      return next()
    })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    expect(await collect(ctx.llm.stream(requestAt(id, twoTurns, 1, 1)))).toEqual(toolCallChunks(call))
    expect(await collect(ctx.llm.stream(requestAt(id, twoTurns, 1, 2)))).toEqual([text('Two '), text('files.'), stop])
    expect(await collect(ctx.llm.stream(requestAt(id, twoTurns, 2, 1)))).toEqual([text('Welcome.'), stop])
    expect(passedOn).toBe(0)
    expect(replay.errors).toEqual([])
    expect(replay.unconsumed()).toEqual([])
    expect(() => replay.verify()).not.toThrow()
  })

  it('passes a recorded finish{error} through unchanged', async () => {
    const failed: StreamChunk = {
      type: 'finish',
      reason: 'error',
      error: { message: 'context too long', code: 'HTTP_400', status: 400 },
    }
    const events = buildEvents([{ prompt: 'p', steps: [{ chunks: [text('par'), failed] }] }])
    const files = scenario({ 'session.jsonl': logText(events) })
    const { ctx, sessions } = await start({ sessions: [{ file: files['session.jsonl'] }] })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    expect(await collect(ctx.llm.stream(requestAt(id, events, 1, 1)))).toEqual([text('par'), failed])
  })

  it('turns a throw entry into its prefix chunks and the terminal error a real adapter throw gives', async () => {
    const files = scenario({
      'session.jsonl': logText(silentCall),
      'replay.override.json': {
        entries: [
          {
            kind: 'throw',
            at: { turn: 1, step: 1 },
            chunks: [text('half')],
            message: 'Service Unavailable',
            code: 'HTTP_503',
            status: 503,
          },
        ],
      },
    })
    const { ctx, sessions } = await start({
      sessions: [{ file: files['session.jsonl'] }],
      override: files['replay.override.json'],
    })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    expect(await collect(ctx.llm.stream(requestAt(id, silentCall, 1, 1)))).toEqual([
      text('half'),
      { type: 'finish', reason: 'error', error: { message: 'Service Unavailable', code: 'HTTP_503', status: 503 } },
    ])
  })

  it('hangs until the request is cancelled, then finishes aborted', async () => {
    const files = scenario({
      'session.jsonl': logText(silentCall),
      'override.json': { entries: [{ kind: 'hang', at: { turn: 1, step: 1 } }] },
    })
    const { ctx, sessions, replay } = await start({
      sessions: [{ file: files['session.jsonl'], override: files['override.json'] }],
    })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    const cancel = new AbortController()
    let settled = false
    const result = collect(ctx.llm.stream(requestAt(id, silentCall, 1, 1, cancel.signal))).finally(
      () => (settled = true),
    )
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(settled).toBe(false)
    cancel.abort()
    expect(await result).toEqual([{ type: 'finish', reason: 'aborted' }])
    expect(replay.unconsumed()).toEqual([])
  })

  it('binds two live sessions to two logs in creation order and serves interleaved requests', async () => {
    const first = buildEvents([
      { prompt: 'one', steps: [{ chunks: [text('A1'), stop] }] },
      { prompt: 'again', steps: [{ chunks: [text('A2'), stop] }] },
    ])
    const second = buildEvents([
      { prompt: 'two', steps: [{ chunks: [text('B1'), stop] }] },
      { prompt: 'again', steps: [{ chunks: [text('B2'), stop] }] },
    ])
    const files = scenario({ 'session.jsonl': logText(first), 'session.1.jsonl': logText(second) })
    const { ctx, sessions, replay } = await start({
      sessions: [{ file: files['session.jsonl'] }, { file: files['session.1.jsonl'] }],
    })
    const s1 = sessions.create({ cwd: LIVE_CWD }).id
    const s2 = sessions.create({ cwd: LIVE_CWD }).id
    expect(await collect(ctx.llm.stream(requestAt(s2, second, 1, 1)))).toEqual([text('B1'), stop])
    expect(await collect(ctx.llm.stream(requestAt(s1, first, 1, 1)))).toEqual([text('A1'), stop])
    expect(await collect(ctx.llm.stream(requestAt(s2, second, 2, 1)))).toEqual([text('B2'), stop])
    expect(await collect(ctx.llm.stream(requestAt(s1, first, 2, 1)))).toEqual([text('A2'), stop])
    expect(() => replay.verify()).not.toThrow()
  })

  it('binds a session it never saw created (session/load) to the next log on its first request, with its persisted cwd', async () => {
    const events = buildEvents([
      {
        prompt: 'where',
        steps: [
          {
            chunks: [
              { type: 'tool-call-delta', index: 0, id: 'c1', name: 'read', argumentsDelta: '{"path":"{{cwd}}/a.txt"}' },
              stop,
            ],
          },
        ],
      },
    ])
    const files = scenario({ 'session.jsonl': logText(events) })
    const { ctx, sessions } = await start({ sessions: [{ file: files['session.jsonl'] }] })
    sessions.persist({ type: 'session', version: 1, id: 'restored', createdAt: 0, cwd: LIVE_CWD })
    const chunks = await collect(ctx.llm.stream(requestAt('restored', events, 1, 1)))
    // `{{cwd}}` in recorded model output comes back as the live cwd (JSON-escaped in arguments).
    expect(chunks[0]).toEqual({
      type: 'tool-call-delta',
      index: 0,
      id: 'c1',
      name: 'read',
      argumentsDelta: `{"path":${JSON.stringify(`${LIVE_CWD}/a.txt`)}}`,
    })
  })

  it('reads DSH_SNAPSHOT_FILE (a JSON array) and DSH_SNAPSHOT_OVERRIDE when the config names no sessions', async () => {
    const files = scenario({
      'session.jsonl': logText(twoTurns),
      'session.1.jsonl': logText(silentCall),
      'replay.override.json': {
        session: 1,
        entries: [
          { kind: 'throw', at: { turn: 1, step: 1 }, message: 'Authentication Fails', code: 'HTTP_401', status: 401 },
        ],
      },
    })
    vi.stubEnv('DSH_SNAPSHOT_FILE', JSON.stringify([files['session.jsonl'], files['session.1.jsonl']]))
    vi.stubEnv('DSH_SNAPSHOT_OVERRIDE', files['replay.override.json'])
    const { ctx, sessions, replay } = await start({})
    sessions.create({ cwd: LIVE_CWD })
    const second = sessions.create({ cwd: LIVE_CWD }).id
    expect(await collect(ctx.llm.stream(requestAt(second, silentCall, 1, 1)))).toEqual([
      { type: 'finish', reason: 'error', error: { message: 'Authentication Fails', code: 'HTTP_401', status: 401 } },
    ])
    expect(replay.unconsumed().map((entry) => [entry.session, entry.index])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
    ])
  })

  it('ends a pending hang with REPLAY_STOPPED when the plugin stops', async () => {
    const files = scenario({
      'session.jsonl': logText(silentCall),
      'override.json': { entries: [{ kind: 'hang', at: { turn: 1, step: 1 } }] },
    })
    const { ctx, sessions } = await start({
      sessions: [{ file: files['session.jsonl'], override: files['override.json'] }],
    })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    const result = collect(ctx.llm.stream(requestAt(id, silentCall, 1, 1)))
    await new Promise((resolve) => setTimeout(resolve, 10))
    await ctx.fiber.dispose()
    expect(await result).toMatchObject([{ type: 'finish', reason: 'error', error: { code: 'REPLAY_STOPPED' } }])
  })

  it('binds sessions the real store created before replay started, in creation order', async () => {
    const first = buildEvents([{ prompt: 'one', steps: [{ chunks: [text('A'), stop] }] }])
    const second = buildEvents([{ prompt: 'two', steps: [{ chunks: [text('B'), stop] }] }])
    const files = scenario({ 'session.jsonl': logText(first), 'session.1.jsonl': logText(second) })
    const context = (ctx = new Context())
    await context.plugin(LlmService)
    await context.plugin(SessionStore, { root: join(root, `store-${fixtureCount}`) })
    const early = context.sessions.create({ cwd: LIVE_CWD }).id
    await context.plugin(ReplayService, {
      sessions: [{ file: files['session.jsonl'] }, { file: files['session.1.jsonl'] }],
    } as never)
    const late = context.sessions.create({ cwd: LIVE_CWD }).id
    expect(await collect(context.llm.stream(requestAt(late, second, 1, 1)))).toEqual([text('B'), stop])
    expect(await collect(context.llm.stream(requestAt(early, first, 1, 1)))).toEqual([text('A'), stop])
    expect(() => context.replay.verify()).not.toThrow()
  })

  it('replays a 100k-chunk session', async () => {
    const chunks = Array.from({ length: 100_000 }, (_, i) => text(`t${i} `))
    const events = buildEvents([{ prompt: 'long', steps: [{ chunks: [...chunks, stop] }] }])
    const files = scenario({ 'session.jsonl': logText(events) })
    const { ctx, sessions } = await start({ sessions: [{ file: files['session.jsonl'] }] })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    let count = 0
    for await (const chunk of ctx.llm.stream(requestAt(id, events, 1, 1))) if (chunk.type === 'text-delta') count++
    expect(count).toBe(100_000)
  })
})

describe('llm-replay loud errors', () => {
  it('fails a request past the end of the script with REPLAY_EXHAUSTED naming file, scenario, session, turn and step', async () => {
    const events = buildEvents([{ prompt: 'p', steps: [{ chunks: [text('only'), stop] }] }])
    const files = scenario({ 'session.jsonl': logText(events) })
    const { ctx, sessions, replay } = await start({ scenario: 'demo', sessions: [{ file: files['session.jsonl'] }] })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    await collect(ctx.llm.stream(requestAt(id, events, 1, 1)))
    const request: LlmRequest = { ...requestAt(id, events, 1, 1), step: 2 }
    const [finish] = await collect(ctx.llm.stream(request))
    expect(finish).toMatchObject({ type: 'finish', reason: 'error', error: { code: 'REPLAY_EXHAUSTED' } })
    const message = (finish as Extract<StreamChunk, { type: 'finish' }>).error!.message
    expect(message).toContain(
      `scenario "demo", session 0 (${files['session.jsonl']}), live session ${id}, turn 1 step 2`,
    )
    expect(message).toContain('model call 2, but the script has 1 entry')
    expect(replay.errors).toEqual([{ code: 'REPLAY_EXHAUSTED', message }])
    expect(() => replay.verify()).toThrow(ReplayVerificationError)
  })

  it('records REPLAY_EXTRA_SESSION when more sessions are created than logs exist, and fails their requests', async () => {
    const files = scenario({ 'session.jsonl': logText(twoTurns) })
    const { ctx, sessions, replay } = await start({ scenario: 'demo', sessions: [{ file: files['session.jsonl'] }] })
    sessions.create({ cwd: LIVE_CWD })
    const extra = sessions.create({ cwd: LIVE_CWD }).id
    expect(replay.errors.map((e) => e.code)).toEqual(['REPLAY_EXTRA_SESSION'])
    expect(replay.errors[0].message).toContain(
      `live session ${extra} is session number 2 of this run, but only 1 session log(s) were recorded (${files['session.jsonl']})`,
    )
    const [finish] = await collect(ctx.llm.stream(requestAt(extra, twoTurns, 1, 1)))
    expect(finish).toMatchObject({ type: 'finish', reason: 'error', error: { code: 'REPLAY_EXTRA_SESSION' } })
    expect((finish as Extract<StreamChunk, { type: 'finish' }>).error!.message).toContain('[request at turn 1 step 1]')
  })

  it('fails a drifted request with REPLAY_DRIFT and a diff of the first differing message', async () => {
    const files = scenario({ 'session.jsonl': logText(twoTurns) })
    const { ctx, sessions, replay } = await start({ scenario: 'demo', sessions: [{ file: files['session.jsonl'] }] })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    await collect(ctx.llm.stream(requestAt(id, twoTurns, 1, 1)))
    const request = requestAt(id, twoTurns, 1, 2)
    request.messages[2] = { role: 'tool', toolCallId: call.id, name: 'bash', content: 'a.txt\nc.txt' }
    const [finish] = await collect(ctx.llm.stream(request))
    expect(finish).toMatchObject({ type: 'finish', reason: 'error', error: { code: 'REPLAY_DRIFT' } })
    const message = replay.errors[0].message
    expect(message).toContain(
      `scenario "demo", session 0 (${files['session.jsonl']}), live session ${id}, turn 1 step 2: drift at script entry 1 (recorded at turn 1 step 2)`,
    )
    expect(message).toContain('message 2 differs (role tool)')
    expect(message).toContain('-   b.txt\n+   c.txt')
  })

  it('serves a drifted request anyway when drift checks are off', async () => {
    const files = scenario({ 'session.jsonl': logText(twoTurns) })
    const { ctx, sessions, replay } = await start({ sessions: [{ file: files['session.jsonl'] }], drift: false })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    const request = {
      ...requestAt(id, twoTurns, 1, 1),
      messages: [{ role: 'user' as const, content: 'something else' }],
    }
    expect(await collect(ctx.llm.stream(request))).toEqual(toolCallChunks(call))
    expect(replay.errors).toEqual([])
  })

  it('reports entries never consumed: unconsumed(), verify() and stderr at shutdown', async () => {
    const files = scenario({ 'session.jsonl': logText(twoTurns) })
    const { ctx, sessions, replay } = await start({ scenario: 'demo', sessions: [{ file: files['session.jsonl'] }] })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    await collect(ctx.llm.stream(requestAt(id, twoTurns, 1, 1)))
    expect(replay.unconsumed()).toEqual([
      { session: 0, file: files['session.jsonl'], index: 1, at: { turn: 1, step: 2 }, kind: 'chunks' },
      { session: 0, file: files['session.jsonl'], index: 2, at: { turn: 2, step: 1 }, kind: 'chunks' },
    ])
    let thrown: unknown
    try {
      replay.verify()
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ReplayVerificationError)
    expect((thrown as Error).message).toContain('1. [REPLAY_UNCONSUMED] scenario "demo", session 0')
    expect((thrown as Error).message).toContain(
      '2 script entries were never requested: entry 1 (turn 1 step 2, chunks), entry 2 (turn 2 step 1, chunks)',
    )
    // verify() handed the problems to the host: shutdown does not repeat them.
    const stderr = vi.mocked(process.stderr.write)
    stderr.mockClear()
    await ctx.fiber.dispose()
    expect(stderr.mock.calls).toEqual([])
  })

  it('without verify(), writes every problem to stderr at shutdown for a subprocess host', async () => {
    const files = scenario({ 'session.jsonl': logText(twoTurns) })
    const { ctx, sessions } = await start({ scenario: 'demo', sessions: [{ file: files['session.jsonl'] }] })
    const { id } = sessions.create({ cwd: LIVE_CWD })
    await collect(ctx.llm.stream(requestAt(id, twoTurns, 1, 1)))
    await collect(ctx.llm.stream({ ...requestAt(id, twoTurns, 1, 1), step: 9 }))
    const stderr = vi.mocked(process.stderr.write)
    stderr.mockClear()
    await ctx.fiber.dispose()
    const lines = stderr.mock.calls.map(([line]) => String(line))
    expect(lines[0]).toMatch(/^llm-replay: REPLAY_DRIFT: /)
    expect(lines.at(-1)).toMatch(/^llm-replay: REPLAY_UNCONSUMED: scenario "demo", session 0 .*\n$/)
    expect(lines.every((line) => line.split('\n').length === 2)).toBe(true)
  })

  it('fails to start when a fixture is missing, naming the file', async () => {
    const missing = join(root, 'nowhere', 'session.jsonl')
    await expect(start({ scenario: 'gone', sessions: [{ file: missing }] })).rejects.toThrow(
      `cannot read session log 0 of scenario "gone" ${missing}: the file does not exist; record the scenario first`,
    )
  })

  it('fails to start on a malformed fixture line or chunk, naming file and line', async () => {
    const lines = logText(twoTurns).split('\n')
    const badLine = lines.findIndex((line) => line.includes('"text":"Two "')) + 1
    const bad = scenario({ 'session.jsonl': lines.join('\n').replace('"text":"Two "', '"txt":"Two "') })
    await expect(start({ sessions: [{ file: bad['session.jsonl'] }] })).rejects.toThrow(
      `${bad['session.jsonl']}:${badLine}: invalid assistant/chunk event: $.chunk.text: expected string, found nothing (the key is missing); $.chunk: unknown key "txt"`,
    )
    const broken = scenario({ 'session.jsonl': `${logText(twoTurns)}{not json\n` })
    await expect(start({ sessions: [{ file: broken['session.jsonl'] }] })).rejects.toThrow(
      `${broken['session.jsonl']}:${twoTurns.length + 2}: not valid JSON`,
    )
  })

  it('fails to start on an invalid override, naming the file and JSON path', async () => {
    const files = scenario({
      'session.jsonl': logText(silentCall),
      'replay.override.json': { entries: [{ kind: 'chunks', at: { turn: 1, step: 1 }, chunks: [{ type: 'txt' }] }] },
    })
    await expect(
      start({ sessions: [{ file: files['session.jsonl'] }], override: files['replay.override.json'] }),
    ).rejects.toThrow(`${files['replay.override.json']}: $.entries[0].chunks[0].type: unknown chunk type "txt"`)
  })

  it('rejects an override that targets a session with no log, and unknown config keys', async () => {
    const files = scenario({
      'session.jsonl': logText(silentCall),
      'replay.override.json': { session: 1, entries: [] },
    })
    await expect(
      start({ sessions: [{ file: files['session.jsonl'] }], override: files['replay.override.json'] }),
    ).rejects.toThrow(
      `${files['replay.override.json']}: $.session: targets session 1, but only 1 session log(s) are configured`,
    )
    await expect(
      start({ sessions: [{ file: files['session.jsonl'] }], overide: 'x' } as ReplayConfigInput),
    ).rejects.toThrow(/overide/)
  })
})
