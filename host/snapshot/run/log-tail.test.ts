import { execFileSync } from 'node:child_process'
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SessionEventFeed } from '../service/driver/event-feed.ts'
import { SessionLogTail } from './log-tail.ts'

const made: string[] = []
const tails: SessionLogTail[] = []
afterEach(() => {
  for (const tail of tails.splice(0)) tail.close()
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function setup() {
  const root = mkdtempSync(join(tmpdir(), 'dsh-log-tail-'))
  made.push(root)
  const feed = new SessionEventFeed({ keepEvents: true })
  return {
    root,
    feed,
    start: () => {
      const tail = new SessionLogTail(root, feed)
      tails.push(tail)
      return tail
    },
  }
}

const line = (record: unknown) => `${JSON.stringify(record)}\n`
const header = line({ type: 'session', version: 1, id: 's1', createdAt: 0, cwd: '/p' })
const event = (seq: number) => line({ seq, time: 0, type: 'turn/start', data: { turn: seq } })

describe('SessionLogTail', () => {
  it('feeds the events of a session file and keeps the log as objects', () => {
    const { root, feed, start } = setup()
    writeFileSync(join(root, 's1.jsonl'), header + event(1) + event(2))
    const tail = start()
    expect(feed.eventsOf('s1').map((e) => e.seq)).toEqual([1, 2])
    expect(tail.problems).toEqual([])
    expect(tail.logs()).toEqual([{ header: JSON.parse(header), events: [JSON.parse(event(1)), JSON.parse(event(2))] }])
  })

  it('keeps what a log held before it was deleted (session/delete), and reads lines that landed just before', () => {
    const { root, start } = setup()
    const file = join(root, 's1.jsonl')
    writeFileSync(file, header + event(1))
    const tail = start()
    appendFileSync(file, event(2))
    rmSync(file)
    tail.close()
    expect(tail.problems).toEqual([])
    expect(tail.logs()[0]!.events.map((e) => e.seq)).toEqual([1, 2])
  })

  it('leaves a FIFO under a log name alone instead of blocking in open(2) for a writer', () => {
    const { root, feed, start } = setup()
    execFileSync('mkfifo', [join(root, 'fifo.jsonl')])
    writeFileSync(join(root, 's1.jsonl'), header + event(1))
    const tail = start()
    tail.close()
    expect(tail.problems).toEqual([])
    expect(feed.eventsOf('s1').map((e) => e.seq)).toEqual([1])
  })

  it('reports a last line without its newline when it closes', () => {
    const { root, start } = setup()
    const file = join(root, 's1.jsonl')
    writeFileSync(file, `${header + event(1)}{"seq":2`)
    const tail = start()
    tail.close()
    expect(tail.problems).toEqual([`${file}:3: the last line has no newline (a cut-off write)`])
    expect(tail.logs()[0]!.events).toHaveLength(1)
  })

  it('keeps a multi-byte character whole when a read ends inside it', () => {
    const { root, feed, start } = setup()
    const file = join(root, 's1.jsonl')
    const bytes = Buffer.from(
      header +
        line({
          seq: 1,
          time: 0,
          type: 'user/message',
          data: { turn: 1, messageId: 'm', content: [{ type: 'text', text: 'café ☕' }] },
        }),
    )
    const cut = bytes.indexOf(Buffer.from('☕')) + 1
    writeFileSync(file, bytes.subarray(0, cut))
    const tail = start()
    appendFileSync(file, bytes.subarray(cut))
    tail.scan()
    expect(feed.eventsOf('s1').map((e) => (e.data as { content: Array<{ text: string }> }).content[0]!.text)).toEqual([
      'café ☕',
    ])
    expect(tail.problems).toEqual([])
  })

  it('a malformed line is a recorded problem naming file and line; the lines after it still arrive', () => {
    const { root, feed, start } = setup()
    const file = join(root, 's1.jsonl')
    writeFileSync(
      file,
      `${header + event(1)}{"seq": 2, "ty\nnull\n${line({ seq: 3, time: 0, type: 'x', data: {} })}${event(4)}`,
    )
    const tail = start()
    expect(feed.eventsOf('s1').map((e) => e.seq)).toEqual([1, 4])
    expect(tail.problems).toHaveLength(3)
    expect(tail.problems[0]!.startsWith(`${file}:3: not valid JSON (`)).toBe(true)
    expect(tail.problems[1]).toBe(`${file}:4: expected a JSON object, found null`)
    expect(tail.problems[2]!.startsWith(`${file}:5: unknown event type the string "x"`)).toBe(true)
  })

  it('a malformed line that lands while watching does not throw from the watcher', async () => {
    const { root, feed, start } = setup()
    const file = join(root, 's1.jsonl')
    writeFileSync(file, header)
    const tail = start()
    appendFileSync(file, `not json\n${event(1)}`)
    // The event after the bad line arrives through the watcher: the callback survived the bad line.
    await feed.waitFor('s1', { type: 'turn/start' }, 5000, 'the event after the malformed line')
    expect(tail.problems).toHaveLength(1)
    expect(tail.problems[0]!.startsWith(`${file}:2: not valid JSON (`)).toBe(true)
  })

  it('a sessions folder that disappears is a recorded problem, not a throw', () => {
    const { root, start } = setup()
    const tail = start()
    rmSync(root, { recursive: true, force: true })
    expect(() => tail.scan()).not.toThrow()
    expect(() => tail.close()).not.toThrow()
    expect(tail.problems.some((problem) => problem.startsWith(`cannot list ${root}: ENOENT`))).toBe(true)
  })
})
