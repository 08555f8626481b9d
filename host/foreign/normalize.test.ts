import { expect, test } from 'vitest'
import { normalizeForeignMessages } from './normalize.ts'

test('the agent version, tool-call ids, the run home and cwd-derived names become tokens', () => {
  const messages = [
    { jsonrpc: '2.0', id: 1, result: { agentInfo: { name: 'gemini-cli', version: '0.61.0' } } },
    {
      jsonrpc: '2.0',
      method: 'session/update',
      params: { update: { toolCallId: 'read_file-123', title: 'in /run/h-Ab12Cd/.gemini/tmp/cwd-xyzabc9/a' } },
    },
    { jsonrpc: '2.0', method: 'session/update', params: { update: { toolCallId: 'read_file-123' } } },
  ]
  const out = normalizeForeignMessages(messages, { home: ['/run/h-Ab12Cd'], cwd: ['/run/cwd-XyzAbc9'] }) as any[]
  expect(out[0].result.agentInfo).toEqual({ name: 'gemini-cli', version: '{{version}}' })
  expect(out[1].params.update).toEqual({ toolCallId: '{{tool:1}}', title: 'in {{home}}/.gemini/tmp/{{cwd-name}}/a' })
  expect(out[2].params.update.toolCallId).toBe('{{tool:1}}')
  expect(JSON.stringify(messages[0])).toContain('0.61.0')
})

test('a cwd whose name is all lower case still becomes {{cwd}} where the whole path appears', () => {
  const [out] = normalizeForeignMessages([{ text: 'in /dev/shm/run-abcdefgh and ~/.g/tmp/run-abcdefgh' }], {
    home: [],
    cwd: ['/dev/shm/run-abcdefgh'],
  }) as Array<{ text: string }>
  expect(out?.text).toBe('in {{cwd}} and ~/.g/tmp/{{cwd-name}}')
})

test('the cwd relative to the filesystem root becomes {{cwd-from-root}}, the absolute path still {{cwd}}', () => {
  const [out] = normalizeForeignMessages([{ title: 'dev/shm/run-Ab12Cd/notes.txt', path: '/dev/shm/run-Ab12Cd/a' }], {
    home: [],
    cwd: ['/dev/shm/run-Ab12Cd'],
  }) as Array<{ title: string; path: string }>
  expect(out).toEqual({ title: '{{cwd-from-root}}/notes.txt', path: '{{cwd}}/a' })
})

test("a preset's rule matches the message's JSON text: it can name a key, and a number become a token", () => {
  const rules = [
    { pattern: '"process_id":"\\d+"', token: '"process_id":"{{pid}}"' },
    { pattern: '"(started|completed)_at_ms":\\d+', token: '"$1_at_ms":"{{time}}"' },
    { pattern: 'PGID: \\d+', token: 'PGID: {{pid}}' },
  ]
  const [out] = normalizeForeignMessages(
    [{ rawInput: { process_id: '44855', started_at_ms: 1796344514246, note: 'PGID: 12', id: '44855' } }],
    { home: [], cwd: [], rules },
  )
  expect(out).toEqual({
    rawInput: { process_id: '{{pid}}', started_at_ms: '{{time}}', note: 'PGID: {{pid}}', id: '44855' },
  })
})

test('a rule whose token breaks the JSON of a line is named', () => {
  const rules = [{ pattern: '"n":\\d+', token: '"n":{{n}}' }]
  expect(() => normalizeForeignMessages([{ n: 1 }], { home: [], cwd: [], rules })).toThrow(
    /normalize rules \("n":\\d\+\) made a transcript line that is not JSON: \{"n":\{\{n\}\}\}/,
  )
})
