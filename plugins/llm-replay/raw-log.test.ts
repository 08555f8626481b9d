// Raw logs (a user's own session, not normalized by the host) name the absolute cwd they were
// recorded in. Replay maps that cwd onto the live session's: in served chunks (also split across
// chunks, JSON-escaped in tool arguments, in file:// URLs), and on both sides of the drift check.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import type { Message, StreamChunk } from '../llm/types.ts'
import { collect, replayHarness, request } from './test-support/harness.ts'
import { buildEvents, logText, stop, text, toolCallsFinish } from './test-support/builders.ts'

const { scenario, start } = replayHarness()
const base = mkdtempSync(join(tmpdir(), 'llm-replay-raw-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))

/** A fresh directory under the test's temp dir (names may hold spaces and quotes). */
function dir(name: string): string {
  const path = join(base, name)
  mkdirSync(path, { recursive: true })
  return path
}

const json = (text: string) => JSON.stringify(text).slice(1, -1)
const argsOf = (chunks: StreamChunk[]) =>
  chunks.map((chunk) => (chunk.type === 'tool-call-delta' ? chunk.argumentsDelta : '')).join('')
const textOf = (chunks: StreamChunk[]) =>
  chunks.map((chunk) => (chunk.type === 'text-delta' ? chunk.text : '')).join('')

/** A model that reads `<cwd>/notes.txt` by absolute path, then quotes the path (split across chunks) in its answer. */
function notesSession(cwd: string, answerPath = cwd) {
  const args = `{"path":"${json(`${cwd}/notes.txt`)}"}`
  const call = { id: 'call_1', name: 'read_file', arguments: args }
  const cut = args.length - 14
  const answer = `Your notes in ${answerPath}/notes.txt say: milk.`
  const half = answer.length / 2
  return buildEvents([
    {
      prompt: 'what do my notes say?',
      steps: [
        {
          chunks: [
            { type: 'tool-call-delta', index: 0, id: call.id, name: call.name, argumentsDelta: args.slice(0, cut) },
            { type: 'tool-call-delta', index: 0, argumentsDelta: args.slice(cut) },
            toolCallsFinish,
          ],
          tools: [{ call, output: `milk (read from ${cwd}/notes.txt)` }],
        },
        { chunks: [text(answer.slice(0, half)), text(answer.slice(half)), stop] },
      ],
    },
  ])
}

/** What the live agent sends at step 2 after running the served tool call in `cwd`. */
function liveStep2(args: string, cwd: string): Message[] {
  return [
    { role: 'user', content: 'what do my notes say?' },
    { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'read_file', arguments: args }] },
    { role: 'tool', toolCallId: 'call_1', name: 'read_file', content: `milk (read from ${cwd}/notes.txt)` },
  ]
}

async function replayNotes(headerCwd: string, recordedCwd: string, liveCwd: string, answerPath?: string) {
  const files = scenario({ 'session.jsonl': logText(notesSession(recordedCwd, answerPath), headerCwd) })
  const { ctx, sessions, replay } = await start({ sessions: [{ file: files['session.jsonl'] }] })
  const { id } = sessions.create({ cwd: liveCwd })
  const first = await collect(ctx.llm.stream(request(id, [{ role: 'user', content: 'what do my notes say?' }], 1, 1)))
  const args = argsOf(first)
  const second = await collect(ctx.llm.stream(request(id, liveStep2(args, liveCwd.replace(/\/$/, '')), 1, 2)))
  return { args, answer: textOf(second), errors: replay.errors, first, second }
}

describe('a raw log replays in another cwd', () => {
  it('serves the live cwd in tool arguments and text, and finds no drift', async () => {
    const recorded = dir('rec')
    const live = dir('live')
    const result = await replayNotes(recorded, recorded, live)
    expect(result.errors).toEqual([])
    expect(JSON.parse(result.args)).toEqual({ path: `${live}/notes.txt` })
    expect(result.answer).toBe(`Your notes in ${live}/notes.txt say: milk.`)
    // The cwd was split across two chunks each time; the number of chunks is kept.
    expect(result.first).toHaveLength(3)
    expect(result.second).toHaveLength(3)
  })

  it('takes every spelling: trailing slashes, JSON escapes, file:// URLs', async () => {
    const recorded = dir('rec "quoted" dir')
    const live = dir('live dir')
    const url = (path: string) => pathToFileURL(path).href
    const result = await replayNotes(`${recorded}/`, recorded, `${live}/`, url(recorded))
    expect(result.errors).toEqual([])
    expect(JSON.parse(result.args)).toEqual({ path: `${live}/notes.txt` })
    expect(result.answer).toBe(`Your notes in ${url(live)}/notes.txt say: milk.`)
  })

  it('maps a symlinked cwd and its realpath to their live counterparts', async () => {
    const recordedReal = dir('real-rec')
    const liveReal = dir('real-live')
    const recordedLink = join(base, 'link-rec')
    const liveLink = join(base, 'link-live')
    symlinkSync(recordedReal, recordedLink)
    symlinkSync(liveReal, liveLink)
    // The header names the link; the model quoted the realpath (as `pwd -P` prints it).
    const result = await replayNotes(recordedLink, recordedLink, liveLink, realpathSync(recordedLink))
    expect(result.errors).toEqual([])
    expect(JSON.parse(result.args)).toEqual({ path: `${liveLink}/notes.txt` })
    expect(result.answer).toBe(`Your notes in ${realpathSync(liveLink)}/notes.txt say: milk.`)
  })

  it('reports drift when the live history still names the recorded cwd', async () => {
    const recorded = dir('rec-drift')
    const live = dir('live-drift')
    const files = scenario({ 'session.jsonl': logText(notesSession(recorded), recorded) })
    const { ctx, sessions, replay } = await start({ sessions: [{ file: files['session.jsonl'] }] })
    const { id } = sessions.create({ cwd: live })
    await collect(ctx.llm.stream(request(id, [{ role: 'user', content: 'what do my notes say?' }], 1, 1)))
    const args = `{"path":"${recorded}/notes.txt"}`
    await collect(ctx.llm.stream(request(id, liveStep2(args, recorded), 1, 2)))
    expect(replay.errors.map((error) => error.code)).toEqual(['REPLAY_DRIFT'])
    expect(replay.errors[0]?.message).toContain(
      `+ toolCalls[0]: {"arguments":"{\\"path\\":\\"${recorded}/notes.txt\\"}"`,
    )
  })

  it('serves a literal {{cwd}} in a raw log as it was recorded', async () => {
    const recorded = dir('rec-literal')
    const events = buildEvents([
      { prompt: 'how do fixtures spell the cwd?', steps: [{ chunks: [text('They write {{'), text('cwd}}.'), stop] }] },
      { prompt: 'thanks', steps: [{ chunks: [text('You are welcome.'), stop] }] },
    ])
    const files = scenario({ 'session.jsonl': logText(events, recorded) })
    const { ctx, sessions, replay } = await start({ sessions: [{ file: files['session.jsonl'] }] })
    const { id } = sessions.create({ cwd: dir('live-literal') })
    const first = await collect(
      ctx.llm.stream(request(id, [{ role: 'user', content: 'how do fixtures spell the cwd?' }], 1, 1)),
    )
    expect(textOf(first)).toBe('They write {{cwd}}.')
    const history: Message[] = [
      { role: 'user', content: 'how do fixtures spell the cwd?' },
      { role: 'assistant', content: 'They write {{cwd}}.' },
      { role: 'user', content: 'thanks' },
    ]
    await collect(ctx.llm.stream(request(id, history, 2, 1)))
    expect(replay.errors).toEqual([])
  })

  it('maps each session by its own recorded cwd when two sessions were recorded in different folders', async () => {
    const [recA, recB, liveA, liveB] = [dir('rec-a'), dir('rec-b'), dir('live-a'), dir('live-b')]
    const files = scenario({
      'session.jsonl': logText(notesSession(recA), recA),
      'session.1.jsonl': logText(notesSession(recB), recB),
    })
    const { ctx, sessions, replay } = await start({
      sessions: [{ file: files['session.jsonl'] }, { file: files['session.1.jsonl'] }],
    })
    const a = sessions.create({ cwd: liveA }).id
    const b = sessions.create({ cwd: liveB }).id
    const prompt: Message[] = [{ role: 'user', content: 'what do my notes say?' }]
    expect(JSON.parse(argsOf(await collect(ctx.llm.stream(request(b, prompt, 1, 1)))))).toEqual({
      path: `${liveB}/notes.txt`,
    })
    expect(JSON.parse(argsOf(await collect(ctx.llm.stream(request(a, prompt, 1, 1)))))).toEqual({
      path: `${liveA}/notes.txt`,
    })
    expect(replay.errors).toEqual([])
  })
})

describe('raw logs that cannot be mapped', () => {
  it('refuse to start on a header without a cwd, naming the file', async () => {
    const header = JSON.stringify({ type: 'session', version: 1, id: 'raw-1' })
    const files = scenario({ 'session.jsonl': `${header}\n` })
    await expect(start({ sessions: [{ file: files['session.jsonl'] }] })).rejects.toThrow(
      `${files['session.jsonl']}:1: header "cwd" must be a non-empty string, found nothing`,
    )
  })

  it('refuse to start on a relative or root cwd with REPLAY_LOG_CWD, naming the file', async () => {
    const relative = scenario({ 'session.jsonl': logText([], 'my-project') })
    await expect(start({ sessions: [{ file: relative['session.jsonl'] }] })).rejects.toThrow(
      expect.objectContaining({
        code: 'REPLAY_LOG_CWD',
        message: expect.stringContaining(
          `${relative['session.jsonl']}:1: the header's cwd "my-project" is not absolute`,
        ),
      }),
    )
    const root = scenario({ 'session.jsonl': logText([], '/') })
    await expect(start({ sessions: [{ file: root['session.jsonl'] }] })).rejects.toThrow(
      `${root['session.jsonl']}:1: the header's cwd "/" is a filesystem root`,
    )
  })
})
