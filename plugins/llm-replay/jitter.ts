// Test-only scheduling noise: a seeded random pause before each served chunk, so a test can replay
// concurrent scenarios (subagents) under many interleavings and check the normalized outcome does not
// change (docs/replay.md, "Jitter"). Off unless DSH_REPLAY_JITTER is set; never used by a live run.
import type { StreamChunk } from '../llm/types.ts'

export interface Jitter {
  /** Milliseconds to wait before the next chunk, from the seeded sequence. */
  next(): number
}

/** `DSH_REPLAY_JITTER=<seed>:<maxMs>` (e.g. `7:4`); absent or empty: no jitter. */
export function parseJitter(value: string | undefined): Jitter | undefined {
  if (!value) return undefined
  const match = /^(\d+):(\d+)$/.exec(value)
  if (!match)
    throw new Error(
      `DSH_REPLAY_JITTER must be <seed>:<maxMs> (two whole numbers, e.g. 7:4), found ${JSON.stringify(value)}; ` +
        'unset it to replay without jitter',
    )
  return seededJitter(Number(match[1]), Number(match[2]))
}

/** mulberry32: a small, fast PRNG; the same seed gives the same pauses. */
function seededJitter(seed: number, maxMs: number): Jitter {
  let state = seed >>> 0
  return {
    next() {
      state = (state + 0x6d2b79f5) >>> 0
      let t = state
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296
      return Math.floor(unit * (maxMs + 1))
    },
  }
}

/** The chunks, each after its pause (a 0 pause still yields to the event loop, so streams interleave). */
export async function* jittered(chunks: Iterable<StreamChunk>, jitter: Jitter): AsyncGenerator<StreamChunk> {
  for (const chunk of chunks) {
    await new Promise((resolve) => setTimeout(resolve, jitter.next()))
    yield chunk
  }
}
