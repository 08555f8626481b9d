import { describe, expect, it } from 'vitest'
import { UsedStages } from './used-stages.ts'

/** A stage double: records its settles; `close` marks it disposed as a sibling's close does. */
function stage(name: string, settled: string[]) {
  let closed = false
  return {
    name,
    get isClosed() {
      return closed
    },
    close: () => {
      closed = true
    },
    settle: async () => {
      settled.push(name)
    },
  }
}

describe('UsedStages', () => {
  it('lets go of a stage disposed meanwhile at the next add, and settles the rest once each', async () => {
    const settled: string[] = []
    const [live, first, second] = ['live', 'first', 'second'].map((name) => stage(name, settled))
    const used = new UsedStages<ReturnType<typeof stage>>()
    used.add(live!)
    used.add(first!)
    used.add(live!)
    first!.close()
    used.add(second!)
    expect(used.held.map((s) => s.name)).toEqual(['live', 'second'])
    await used.settleAll()
    expect(settled).toEqual(['live', 'second'])
  })
})
