// issue 28 item 6, against the real dsh: a client that stops reading stdout pauses the turn (the
// model stream waits, memory stays bounded); when it reads again the turn completes.
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { afterEach, expect, it } from 'vitest'
import { cleanupDshProcesses, scratch } from '../../host/app/test-support/dsh-process.ts'
import { cleanupRawDsh, RawDsh } from './test-support/raw-dsh.ts'

afterEach(async () => {
  cleanupRawDsh()
  await cleanupDshProcesses()
})

// ~80k one-word chunks: ~14 MB of session/update lines, far more than the pipe and the bound hold.
const WORDS = 80_000

it('stops producing while the client does not read stdout, with bounded memory, and finishes after', async () => {
  const { cwd, sessions } = scratch()
  const dsh = new RawDsh(cwd, sessions, false)
  const sessionId = await dsh.openSession(cwd)
  const log = join(sessions, `${sessionId}.jsonl`)
  const before = dsh.rssKb()
  dsh.pauseStdout()
  dsh.request(3, 'session/prompt', { sessionId, prompt: [{ type: 'text', text: 'w '.repeat(WORDS).trim() }] })

  // Let the pipe fill and the agent reach its bound, then watch it stand still.
  await delay(3000)
  const paused = { rss: dsh.rssKb(), log: statSync(log).size }
  await delay(2000)
  const later = { rss: dsh.rssKb(), log: statSync(log).size }
  // Unbounded, RSS grew ~110 MB by then; bounded, ~10 MB (the prompt, the pipe, 256 queued messages).
  expect(later.rss - before, `RSS grew from ${before} kB to ${later.rss} kB`).toBeLessThan(32 * 1024)
  expect(later.log, 'the session log grew while nobody read stdout: the model stream did not pause').toBe(paused.log)

  dsh.resumeStdout()
  const response = await dsh.response(3, 60_000)
  expect(response.result).toEqual({ stopReason: 'end_turn' })
  // Each word, plus the command list after session/new, the step's usage and the title after the turn.
  expect(dsh.updateCount).toBe(WORDS + 3)
}, 90_000)
