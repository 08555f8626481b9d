import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Context } from 'cordis'
import { describe, expect, it } from 'vitest'
import type { SessionEvent, SessionHeader } from './events.ts'
import { SessionStore } from './index.ts'
import { fileLines, useStoreHarness } from './test-support/store-harness.ts'

const h = useStoreHarness()
const { start, restart } = h

describe('sessions service', () => {
  it('writes the header, appends events with seq/time and reads them back', async () => {
    const sessions = await start()
    const header = sessions.create({ cwd: '/project', id: 's-1' })
    expect(header).toEqual({ type: 'session', version: 1, id: 's-1', createdAt: 1000, cwd: '/project' })

    const first = sessions.append('s-1', 'turn/start', { turn: 1 })
    const second = sessions.append('s-1', 'assistant/chunk', {
      turn: 1,
      step: 1,
      chunk: { type: 'text-delta', text: 'hi' },
    })
    expect(first).toEqual({ seq: 1, time: 1001, type: 'turn/start', data: { turn: 1 } })
    expect(second.seq).toBe(2)

    expect(fileLines(sessions.path('s-1'))).toEqual([
      '{"type":"session","version":1,"id":"s-1","createdAt":1000,"cwd":"/project"}',
      '{"seq":1,"time":1001,"type":"turn/start","data":{"turn":1}}',
      '{"seq":2,"time":1002,"type":"assistant/chunk","data":{"turn":1,"step":1,"chunk":{"type":"text-delta","text":"' +
        'hi"}}}',
    ])
    expect(sessions.read('s-1')).toEqual({ header, events: [first, second] })
  })

  it(
    'defaults to a uuid id, a root resolved at start, and emits ' + 'session/created once the header is on disk',
    async () => {
      h.ctx = new Context()
      const seen: string[] = []
      h.ctx.on('session/created', (header: SessionHeader) => {
        seen.push(readFileSync(join(h.root, `${header.id}.jsonl`), 'utf8'))
      })
      await h.ctx.plugin(SessionStore, { root: h.root })
      const header = h.ctx.sessions.create({ cwd: '/p' })
      expect(header.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(h.ctx.sessions.path(header.id)).toBe(join(h.root, `${header.id}.jsonl`))
      expect(seen).toEqual([
        `{"type":"session","version":1,"id":"${header.id}","createdAt":${header.createdAt},"cwd":"/p"}\n`,
      ])
    },
  )

  it('emits session/event only after the line is on disk', async () => {
    const sessions = await start()
    sessions.create({ cwd: '/p', id: 'a' })
    const lastLineSeen: string[] = []
    h.ctx!.on('session/event', (sessionId: string, event: SessionEvent) => {
      const lines = fileLines(sessions.path(sessionId))
      lastLineSeen.push(`${event.seq}:${lines[lines.length - 1]}`)
    })
    sessions.append('a', 'turn/start', { turn: 1 })
    sessions.append('a', 'turn/end', { turn: 1, reason: 'end_turn' })
    expect(lastLineSeen).toEqual([
      '1:{"seq":1,"time":1001,"type":"turn/start","data":{"turn":1}}',
      '2:{"seq":2,"time":1002,"type":"turn/end","data":{"turn":1,"reason":"end_turn"}}',
    ])
  })

  it('keeps a durable append successful even when a listener throws', async () => {
    const sessions = await start()
    sessions.create({ cwd: '/p', id: 'a' })
    const errors: unknown[] = []
    h.ctx!.on('internal/error', (error: unknown) => {
      errors.push(error)
    })
    h.ctx!.on('session/event', () => {
      throw new Error('listener bug')
    })
    expect(sessions.append('a', 'turn/start', { turn: 1 }).seq).toBe(1)
    expect(String(errors[0])).toMatch(/listener bug/)
  })

  it(
    'serves a consumer plugin through its own ctx.sessions: appends ' +
      'land, listeners hear them, errors are reported',
    async () => {
      // The agent reaches the store this way (a traced service proxy), once per model chunk.
      await start()
      const errors: unknown[] = []
      const heard: string[] = []
      h.ctx!.on('internal/error', (error: unknown) => {
        errors.push(error)
      })
      h.ctx!.on('session/event', (sessionId: string, event: SessionEvent) => {
        heard.push(`${sessionId}#${event.seq}`)
      })
      let consumer!: Context
      await h.ctx!.plugin({
        name: 'consumer',
        inject: ['sessions'],
        apply: (c: Context) => {
          consumer = c
        },
      })
      const header = consumer.sessions.create({ cwd: '/p', id: 'c' })
      for (let turn = 1; turn <= 3; turn++) consumer.sessions.append('c', 'turn/start', { turn })
      expect(heard).toEqual(['c#1', 'c#2', 'c#3'])
      expect(fileLines(consumer.sessions.path('c'))).toHaveLength(4)
      expect(consumer.sessions.created()).toEqual([header])
      expect(consumer.sessions.has('c')).toBe(true)
      h.ctx!.on('session/event', () => {
        throw new Error('listener bug')
      })
      expect(consumer.sessions.append('c', 'turn/end', { turn: 3, reason: 'end_turn' }).seq).toBe(4)
      expect(String(errors[0])).toMatch(/listener bug/)
      expect(consumer.sessions.read('c').events.map((event) => event.seq)).toEqual([1, 2, 3, 4])
    },
  )

  it('rejects bad input with errors that say what to do', async () => {
    const sessions = await start()
    expect(() => sessions.append('nope', 'turn/start', { turn: 1 })).toThrow(
      /unknown session nope \(create\(\) it first\)/,
    )
    expect(() => sessions.open('nope')).toThrow(`no session nope: ${join(h.root, 'nope.jsonl')} does not exist`)
    expect(() => sessions.read('nope')).toThrow(/no session nope/)
    expect(() => sessions.create({ cwd: 'relative/dir' })).toThrow(/cwd must be an absolute path/)
    expect(() => sessions.create({ cwd: '/p', id: '../escape' })).toThrow(/session id "..\/escape" cannot name a file/)
    expect(sessions.has('../escape')).toBe(false)
    sessions.create({ cwd: '/p', id: 'dup' })
    expect(() => sessions.create({ cwd: '/p', id: 'dup' })).toThrow(/already open/)
    // @ts-expect-error: a JS caller can pass anything
    expect(() => sessions.append('dup', 'turn/explode', {})).toThrow(/unknown event type "turn\/explode"/)
    const circular: any = { turn: 1 }
    circular.self = circular
    expect(() => sessions.append('dup', 'turn/start', circular)).toThrow(/not JSON-serializable/)
    expect(sessions.append('dup', 'turn/start', { turn: 1 }).seq).toBe(1) // failed appends used no seq
  })

  it('refuses to overwrite a persisted session on create', async () => {
    let sessions = await start()
    sessions.create({ cwd: '/p', id: 'a' })
    sessions = await restart()
    expect(() => sessions.create({ cwd: '/p', id: 'a' })).toThrow(
      /already exists; choose another session id or open\(\) the existing session/,
    )
  })

  it('names the file and line when a persisted log is malformed', async () => {
    writeFileSync(
      join(h.root, 'bad.jsonl'),
      '{"type":"session","version":1,"id":"bad","createdAt":1,"cwd":"/p"}\n{"seq":1,"time":2,"type":"nope","data":{}' +
        '}\n',
    )
    const sessions = await start()
    expect(() => sessions.open('bad')).toThrow(`${join(h.root, 'bad.jsonl')}:2: unknown event type`)
  })

  it('closes every file on dispose; later calls fail clearly', async () => {
    const sessions = await start({ fsync: true })
    sessions.create({ cwd: '/p', id: 'a' })
    sessions.append('a', 'turn/start', { turn: 1 })
    // The descriptors on this store's files, not the process's count: a worker's other test files
    // share the process, and a child they started may close its pipes meanwhile.
    const openLogs = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(h.root)
        } catch {
          return false // closed between the listing and the readlink
        }
      }).length
    expect(openLogs()).toBe(1)
    await h.stop()
    expect(openLogs()).toBe(0)
    expect(() => sessions.append('a', 'turn/end', { turn: 1, reason: 'end_turn' })).toThrow(
      /sessions service was disposed/,
    )
    expect(() => sessions.create({ cwd: '/p' })).toThrow(/sessions service was disposed/)
    expect(sessions.read('a').events).toHaveLength(1) // reading the file still works
  })
})
