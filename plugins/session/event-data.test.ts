// issue 43, silent 22: an event whose data has the wrong types is a named error with file, line and
// field when a log is loaded, not a crash later (`blocks.map is not a function`). The schemas accept
// what dsh writes: every committed session log parses with them.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { packageFile } from '../../lib/package-root.ts'
import { eventDataSchemas, isPlainChunk } from './event-schemas.ts'
import { parseSessionLog } from './log-format.ts'
import { useStoreHarness } from './test-support/store-harness.ts'

const h = useStoreHarness()
const header = (id: string) => JSON.stringify({ type: 'session', version: 1, id, createdAt: 1, cwd: '/w' })
const line = (seq: number, type: string, data: unknown) => JSON.stringify({ seq, time: 1, type, data })

it.each([
  ['user/message', { turn: 1, messageId: 'm', content: 'hello' }, 'data.content: expected array, got string "hello"'],
  ['tool/result', { turn: 1, step: 1, callId: 'c', output: 5, isError: false }, 'data.output: expected string'],
  ['turn/end', { turn: 1, reason: 'done' }, 'data.reason: must be one of'],
  [
    'assistant/chunk',
    { turn: 1, step: 1, chunk: { type: 'text-delta', text: ['x'] } },
    'data.chunk.text: expected string, got a list',
  ],
])('session/load names a %s with wrong-typed data by file, line and field', async (type, data, field) => {
  const sessions = await h.start()
  const log = join(h.root, 'bad.jsonl')
  writeFileSync(log, `${header('bad')}\n${line(1, 'turn/start', { turn: 1 })}\n${line(2, type, data)}\n`)
  expect(() => sessions.open('bad')).toThrow(`${log}:3: event "${type}" has invalid data: ${field}`)
})

it('accepts every session log committed under scenarios/ (what dsh writes, normalized)', () => {
  const root = packageFile('scenarios')
  const logs = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(join(root, entry.name))
        .filter((name) => /^session(\.\d+)?\.jsonl$/.test(name))
        .map((name) => join(root, entry.name, name)),
    )
  expect(logs.length).toBeGreaterThan(30)
  for (const file of logs) expect(() => parseSessionLog(readFileSync(file, 'utf8'), file), file).not.toThrow()
})

it('checks a plain chunk by hand only where the schema agrees: never a chunk the schema refuses', () => {
  const chunks: Record<string, unknown>[] = [
    { type: 'text-delta', text: 'a' },
    { type: 'reasoning-delta', text: '' },
    { type: 'tool-call-delta', index: 0, id: 'c', name: 'bash', argumentsDelta: '{' },
    { type: 'tool-call-delta', index: 1, argumentsDelta: '', extra: true },
    { type: 'text-delta', text: 5 },
    { type: 'text-delta' },
    { type: 'tool-call-delta', index: -1, argumentsDelta: '' },
    { type: 'tool-call-delta', index: 0, id: 7, argumentsDelta: '' },
    { type: 'tool-call-delta', index: 0, name: null, argumentsDelta: '' },
    { type: 'tool-call-delta', index: 0.5, argumentsDelta: '' },
    { type: 'usage', inputTokens: 1, outputTokens: 1 },
  ]
  const data = chunks.flatMap((chunk) => [
    { turn: 1, step: 1, chunk },
    { turn: 1, step: 1, attempt: 2, chunk },
    { turn: '1', step: 1, chunk },
    { turn: 1, step: -1, chunk },
  ])
  const plain = data.filter((entry) => isPlainChunk(entry))
  expect(plain.length).toBe(4)
  for (const entry of plain)
    expect(eventDataSchemas()['assistant/chunk'].safeParse(entry).success, JSON.stringify(entry)).toBe(true)
})
