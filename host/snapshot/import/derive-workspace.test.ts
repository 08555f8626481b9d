// The starting workspace from a log: the first appearance of each file decides, full reads and
// diffs rebuild it, cut reads and diff-less changes are named, created files are not seeded.
import { describe, expect, it } from 'vitest'
import type { LoggedEvent } from '../../../plugins/session/log-format.ts'
import { deriveWorkspace } from './derive-workspace.ts'

let id = 0
/** A tool call and its result, as the agent logs them. */
function call(name: string, args: object, result: { output: string; isError?: boolean; display?: object }) {
  const callId = `c${++id}`
  const at = { turn: 1, step: 1, callId }
  return [
    { type: 'tool/call', data: { ...at, name, arguments: JSON.stringify(args) } },
    { type: 'tool/result', data: { ...at, isError: false, ...result } },
  ] as LoggedEvent[]
}

describe('deriveWorkspace', () => {
  it('rebuilds files from their first full read or the old text of their first change', () => {
    const { files, missing } = deriveWorkspace([
      ...call('read_file', { path: 'notes.txt' }, { output: 'v1\n' }),
      ...call('write_file', { path: 'notes.txt', content: 'v2\n' }, { output: 'updated', display: {} }),
      ...call('read_file', { path: 'notes.txt' }, { output: 'v2\n' }),
      ...call('edit_file', { path: '{{cwd}}/src/a.js' }, { output: 'edited', display: { diff: { oldText: 'a' } } }),
      ...call('read_file', { path: 'empty.txt' }, { output: '(empty file)' }),
    ])
    expect(Object.fromEntries(files)).toEqual({ 'notes.txt': 'v1\n', 'src/a.js': 'a', 'empty.txt': '' })
    expect(missing).toEqual([])
  })

  it('seeds nothing for a file the session created or found missing, even when it read it later', () => {
    const { files } = deriveWorkspace([
      ...call('write_file', { path: 'new.txt' }, { output: 'created', display: { diff: { oldText: null } } }),
      ...call('read_file', { path: 'new.txt' }, { output: 'made here' }),
      ...call('read_file', { path: 'gone.txt' }, { output: '"gone.txt" does not exist.', isError: true }),
      ...call('write_file', { path: 'gone.txt' }, { output: 'created', display: { diff: { oldText: null } } }),
    ])
    expect([...files.keys()]).toEqual([])
  })

  it('names what it cannot rebuild: a read cut at readMaxBytes, a change without a diff', () => {
    const { files, missing } = deriveWorkspace([
      ...call('read_file', { path: 'big.log' }, { output: 'head\n[output truncated: 9000 bytes omitted]' }),
      ...call('edit_file', { path: 'huge.txt' }, { output: 'edited', display: { locations: [] } }),
    ])
    expect(files.size).toBe(0)
    expect(missing).toEqual([
      { path: 'big.log', why: expect.stringContaining('only its head') },
      { path: 'huge.txt', why: expect.stringContaining('no diff of its old text') },
    ])
  })

  it('reads paths relative to the cwd and leaves out those outside it', () => {
    /** The file a read_file call with these raw arguments seeds, if any. */
    const argumentPath = (argumentsText: string) => {
      const at = { turn: 1, step: 1, callId: 'read' }
      const { files } = deriveWorkspace([
        { type: 'tool/call', data: { ...at, name: 'read_file', arguments: argumentsText } },
        { type: 'tool/result', data: { ...at, isError: false, output: 'x' } },
      ] as LoggedEvent[])
      return [...files.keys()][0]
    }
    expect(argumentPath('{"path":"./a//b.txt"}')).toBe('a/b.txt')
    expect(argumentPath('{"path":"{{cwd}}/x/y"}')).toBe('x/y')
    expect(argumentPath('{"path":"../up.txt"}')).toBeUndefined()
    expect(argumentPath('{"path":"/etc/passwd"}')).toBeUndefined()
    expect(argumentPath('{"path":"{{cwd}}"}')).toBeUndefined()
    expect(argumentPath('not json')).toBeUndefined()
  })

  it('names the tools whose reads the log does not show, and the files they located, once each', () => {
    const derived = deriveWorkspace([
      ...call('bash', { command: 'cat config.ini' }, { output: 'x=1' }),
      ...call('bash', { command: 'ls' }, { output: 'config.ini' }),
      ...call('count_words', { text: 'a b' }, { output: '2', display: { locations: [{ path: '{{cwd}}/words.txt' }] } }),
      ...call('todo', { items: [] }, { output: 'ok' }),
      ...call('write_file', { path: 'new.txt' }, { output: 'created', display: { diff: { oldText: null } } }),
    ])
    expect(derived.opaque).toEqual(['bash', 'count_words'])
    expect(derived.missing).toEqual([
      { path: 'words.txt', why: 'count_words used it; the log does not hold its content' },
    ])
    expect(derived.created).toEqual(['new.txt'])
  })
})
