import { expect, it } from 'vitest'
import type { SessionEvent, SessionHeader } from '../../../plugins/session/events.ts'
import { normalizeRun } from '../core/normalize/run.ts'
import { importedRoots, withImportedRoots } from './import-roots.ts'
import type { SourceLog } from './source-log.ts'

const header: SessionHeader = { type: 'session', version: 1, id: 'abcdef12', createdAt: 1, cwd: '/home/u/proj' }
const event = (seq: number, type: string, data: unknown) => ({ seq, time: seq, type, data }) as SessionEvent
const source: SourceLog = {
  file: '/state/abcdef12.jsonl',
  header,
  events: [
    event(1, 'session/directories', { additionalDirectories: ['/home/u/shared'] }),
    event(2, 'user/message', { turn: 1, messageId: 'm1', content: [{ type: 'text', text: 'read /home/u/shared/a' }] }),
    event(3, 'session/directories', { additionalDirectories: ['/home/u/shared', '/opt/data'] }),
  ],
}

it('writes each additional directory as its own token in the logs, and names them in the script', () => {
  const roots = importedRoots([source], (path) => (path === '/opt/data' ? '/mnt/data' : undefined))
  expect(roots).toEqual([['/home/u/shared'], ['/opt/data', '/mnt/data']])
  const normalized = normalizeRun({ messages: [], sessionLogs: [source], cwdPaths: [header.cwd], rootPaths: roots })
  const lines = normalized.sessionLogs[0]!.split('\n')
  expect(lines[1]).toBe('{"type":"session/directories","data":{"additionalDirectories":["{{root:1}}"]}}')
  expect(lines[2]).toContain('"read {{root:1}}/a"')
  expect(lines[3]).toContain('["{{root:1}}","{{root:2}}"]')
  const script = { input: { steps: [{ op: 'initialize' }, { op: 'newSession', as: 's1' }] }, notes: [] as string[] }
  withImportedRoots(script, source, roots)
  expect(script.input.steps[1]).toEqual({ op: 'newSession', as: 's1', additionalDirectories: ['{{root:1}}'] })
  expect(script.notes).toEqual([
    expect.stringContaining('the session had 2 additional directories (/home/u/shared as {{root:1}}, /opt/data as'),
  ])
})

it('leaves a session without additional directories as it was', () => {
  const plain = { ...source, events: source.events.slice(1, 2) }
  const script = { input: { steps: [{ op: 'newSession', as: 's1' }] }, notes: [] as string[] }
  withImportedRoots(
    script,
    plain,
    importedRoots([plain], () => undefined),
  )
  expect(script).toEqual({ input: { steps: [{ op: 'newSession', as: 's1' }] }, notes: [] })
})
