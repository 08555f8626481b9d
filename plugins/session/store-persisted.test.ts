// The sessions store on logs a former run left: open() continues them (a torn last line cut off),
// read() and list() read them without opening.
import { appendFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fileLines, useStoreHarness } from './test-support/store-harness.ts'

const h = useStoreHarness()
const { start, restart } = h

describe('sessions service on persisted logs', () => {
  it('continues seq after a restart and open()', async () => {
    let sessions = await start()
    sessions.create({ cwd: '/p', id: 'a' })
    sessions.append('a', 'turn/start', { turn: 1 })
    sessions.append('a', 'turn/end', { turn: 1, reason: 'end_turn' })

    sessions = await restart()
    expect(sessions.has('a')).toBe(true)
    expect(sessions.created()).toEqual([])
    expect(() => sessions.append('a', 'turn/start', { turn: 2 })).toThrow(
      /unknown session a \(it is persisted but not open: call sessions.open\(\) first\)/,
    )
    const opened = sessions.open('a')
    expect(opened.events.map((event) => event.seq)).toEqual([1, 2])
    expect(sessions.append('a', 'turn/start', { turn: 2 }).seq).toBe(3)
    expect(sessions.open('a').events).toHaveLength(3) // idempotent while open
    expect(fileLines(sessions.path('a')).map((line) => JSON.parse(line).seq)).toEqual([undefined, 1, 2, 3])
  })

  it('drops the torn line a crash left, so later appends stay parseable', async () => {
    let sessions = await start()
    sessions.create({ cwd: '/p', id: 'a' })
    sessions.append('a', 'turn/start', { turn: 1 })
    await h.stop()
    appendFileSync(sessions.path('a'), '{"seq":2,"time":99,"type":"tu')

    sessions = await start()
    expect(sessions.read('a').events).toHaveLength(1)
    const opened = sessions.open('a')
    expect(opened.repairedTornTail).toMatchObject({ line: 3, text: '{"seq":2,"time":99,"type":"tu' })
    sessions.append('a', 'turn/end', { turn: 1, reason: 'end_turn' })
    await h.stop()
    expect(fileLines(join(h.root, 'a.jsonl')).map((line) => JSON.parse(line).seq)).toEqual([undefined, 1, 2])
  })

  it('drops a line torn inside a multibyte character and loads every time after (issue 28, item 5)', async () => {
    let sessions = await start()
    sessions.create({ cwd: '/p', id: 'a' })
    sessions.append('a', 'turn/start', { turn: 1 })
    await h.stop()
    // A long line of ✓ (3 bytes each) cut after the first 2 bytes of one: 2 bytes decode to one U+FFFD (3).
    const torn = Buffer.concat([
      Buffer.from(`{"seq":2,"time":99,"type":"assistant/chunk","data":{"text":"${'✓'.repeat(30_000)}`),
      Buffer.from('✓').subarray(0, 2),
    ])
    appendFileSync(sessions.path('a'), torn)

    sessions = await start()
    const opened = sessions.open('a')
    expect(opened.events).toHaveLength(1)
    expect(opened.repairedTornTail).toMatchObject({ line: 3 })
    sessions.append('a', 'turn/end', { turn: 1, reason: 'end_turn' })
    await h.stop()
    sessions = await start()
    expect(sessions.open('a').events.map((event) => event.type)).toEqual(['turn/start', 'turn/end'])
    await h.stop()
  })

  it('adds the missing newline before appending to a file that ends mid-line but complete', async () => {
    writeFileSync(
      join(h.root, 'a.jsonl'),
      '{"type":"session","version":1,"id":"a","createdAt":5,"cwd":"/p"}\n{"seq":1,"time":6,"type":"turn/start","data' +
        '":{"turn":1}}',
    )
    const sessions = await start()
    sessions.open('a')
    sessions.append('a', 'step/start', { turn: 1, step: 1 })
    expect(fileLines(sessions.path('a'))).toHaveLength(3)
    expect(sessions.read('a').events.map((event) => event.type)).toEqual(['turn/start', 'step/start'])
  })

  it('reads a persisted session from its file without opening it', async () => {
    let sessions = await start()
    sessions.create({ cwd: '/p', id: 'a' })
    sessions.append('a', 'turn/start', { turn: 1 })
    sessions = await restart()
    expect(sessions.read('a').events).toEqual([{ seq: 1, time: 1001, type: 'turn/start', data: { turn: 1 } }])
    expect(() => sessions.append('a', 'turn/end', { turn: 1, reason: 'end_turn' })).toThrow(/not open/)
  })

  it('lists persisted sessions in creation order and reports its own in created()', async () => {
    let sessions = await start({ clock: () => 7 }) // same millisecond: creation order decides
    sessions.create({ cwd: '/p', id: 'zeta' })
    sessions.create({ cwd: '/p', id: 'alpha' })
    expect(sessions.created().map((header) => header.id)).toEqual(['zeta', 'alpha'])
    expect(sessions.list().map((header) => header.id)).toEqual(['zeta', 'alpha'])

    sessions = await restart()
    sessions.create({ cwd: '/p', id: 'later' })
    writeFileSync(join(h.root, 'notes.txt'), 'not a session')
    expect(sessions.list().map((header) => header.id)).toEqual(['alpha', 'zeta', 'later'])
    expect(sessions.created().map((header) => header.id)).toEqual(['later'])
  })

  it('returns an empty list when the root does not exist yet', async () => {
    const sessions = await start({ root: join(h.root, 'missing') })
    expect(sessions.list()).toEqual([])
    expect(sessions.has('x')).toBe(false)
  })
})
