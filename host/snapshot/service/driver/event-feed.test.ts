import { describe, expect, it } from 'vitest'
import type { SessionEvent } from '../../../../plugins/session/events.ts'
import { SessionEventFeed } from './event-feed.ts'

const event = (type: string, data: object = {}) => ({ seq: 0, time: 0, type, data }) as SessionEvent

describe('SessionEventFeed', () => {
  it('resolves a wait on events already seen, on later ones, by count and by turn', async () => {
    const feed = new SessionEventFeed({ keepEvents: true })
    feed.push('s', event('turn/start', { turn: 1 }))
    await feed.waitFor('s', { type: 'turn/start' }, 100, 'x')
    const second = feed.waitFor('s', { type: 'turn/start', count: 2 }, 1000, 'x')
    const turnTwoEnd = feed.waitFor('s', { type: 'turn/end', turn: 2 }, 1000, 'x')
    feed.push('s', event('turn/end', { turn: 1 }))
    feed.push('other', event('turn/start', { turn: 2 }))
    feed.push('s', event('turn/start', { turn: 2 }))
    await second
    feed.push('s', event('turn/end', { turn: 2 }))
    await turnTwoEnd
    expect(feed.eventsOf('s').map((e) => e.type)).toEqual(['turn/start', 'turn/end', 'turn/start', 'turn/end'])
  })

  it("counts a session's subagents together for a subagents wait, never as the session's own", async () => {
    const feed = new SessionEventFeed()
    const both = feed.waitFor('p', { type: 'assistant/chunk', count: 2, subagents: true }, 1000, 'x')
    feed.push('c1', event('assistant/chunk', { turn: 1 }), 'p')
    feed.push('p', event('assistant/chunk', { turn: 1 }))
    feed.push('c1', event('assistant/chunk', { turn: 1 }), 'other')
    let settled = false
    void both.then(() => {
      settled = true
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(settled).toBe(false)
    feed.push('c2', event('assistant/chunk', { turn: 1 }), 'p')
    await both
    await expect(feed.waitFor('p', { type: 'assistant/chunk', count: 2 }, 30, 'own')).rejects.toThrow(/own/)
  })

  it('keeps no events unless asked to, and says so', async () => {
    const feed = new SessionEventFeed()
    feed.push('s', event('turn/start', { turn: 1 }))
    await feed.waitFor('s', { type: 'turn/start' }, 100, 'x')
    expect(() => feed.eventsOf('s')).toThrow(
      /keeps no events; construct it with new SessionEventFeed\(\{ keepEvents: true \}\)/,
    )
  })

  it('rejects a wait that is not reached in time, saying what it waited for', async () => {
    const feed = new SessionEventFeed()
    feed.push('s', event('turn/end', { turn: 1 }))
    await expect(feed.waitFor('s', { type: 'turn/end', turn: 2 }, 20, 'the end of turn 2')).rejects.toThrow(
      'timed out after 20 ms waiting for the end of turn 2',
    )
  })
})
