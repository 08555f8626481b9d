// issue 43, leak 4: `dsh new --from-session` refuses every family the finding's import wrote out
// unredacted (in the prompt, so input.json and snapshot.yml; in a tool's output, so session.jsonl; in
// a file it read, so workspace/), naming file and rule, and writes nothing. Samples are assembled at
// run time, so this file holds no literal secret.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { importSession } from './import-session.ts'

const base = mkdtempSync(join(tmpdir(), 'dsh-import-secrets-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))

const chars = (alphabet: string, length: number, seed: string) => {
  const bytes = Buffer.concat([0, 1].map((i) => createHash('sha512').update(`${seed}:${i}`).digest()))
  return Array.from({ length }, (_, i) => alphabet[bytes[i]! % alphabet.length]).join('')
}
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const B64 = `${ALNUM}+/`
const sk = ['sk', chars(ALNUM, 32, 'sk')].join('-')

const FAMILIES: Array<[rule: string, text: string]> = [
  ['connection-string', ['postgres://app:', 'Zq81xLp', '@10.1.2.3/db'].join('')],
  ['connection-string', ['mysql://root:', 'hunter2', '@localhost/app'].join('')],
  ['connection-string', ['redis://u:', 'pa55w0rd', '@cache:6379'].join('')],
  ['google-api-key', ['AIza', chars(ALNUM, 35, 'g')].join('')],
  ['stripe-key', ['sk_', 'live_', chars(ALNUM, 24, 's')].join('')],
  ['npm-token', ['npm_', chars(ALNUM, 36, 'n')].join('')],
  ['sendgrid-key', ['SG.', chars(ALNUM, 22, 'a'), '.', chars(ALNUM, 43, 'b')].join('')],
  ['azure-storage-key', ['AccountName=x;AccountKey=', chars(B64, 86, 'z'), '=='].join('')],
  ['aws-secret-key', chars(B64, 40, 'aws-7')],
  ['private-key-body', ['MIIE', chars(B64, 60, 'p1'), '\n', chars(B64, 64, 'p2')].join('')],
  ['api-key', `${sk.slice(0, 20)}\n${sk.slice(20)}`],
]

/** A session whose prompt holds `text`, whose read_file of notes.txt shows it, and a bash call echoing it. */
function sessionLog(id: string, cwd: string, text: string): string {
  const events: Array<[string, object]> = [
    ['user/message', { turn: 1, messageId: 'm1', content: [{ type: 'text', text: `look: ${text}` }] }],
    ['turn/start', { turn: 1 }],
    ['step/start', { turn: 1, step: 1 }],
    ['tool/call', { turn: 1, step: 1, callId: 'c1', name: 'read_file', arguments: '{"path":"notes.txt"}' }],
    ['tool/start', { turn: 1, step: 1, callId: 'c1' }],
    ['tool/result', { turn: 1, step: 1, callId: 'c1', output: `${text}\n`, isError: false }],
    ['step/end', { turn: 1, step: 1 }],
    ['turn/end', { turn: 1, reason: 'end_turn' }],
  ]
  const header = JSON.stringify({ type: 'session', version: 1, id, createdAt: 1, cwd })
  const lines = events.map(([type, data], index) => JSON.stringify({ seq: index + 1, time: 1, type, data }))
  return `${[header, ...lines].join('\n')}\n`
}

it.each(FAMILIES)('refuses %s wherever the session holds it, writing nothing', async (rule, text) => {
  const dir = mkdtempSync(join(base, 'case-'))
  const root = join(dir, 'project')
  const cwd = join(dir, 'cwd')
  mkdirSync(join(root, 'scenarios'), { recursive: true })
  mkdirSync(cwd)
  writeFileSync(join(cwd, 'notes.txt'), `${text}\n`)
  const log = join(dir, 'session.jsonl')
  writeFileSync(log, sessionLog('s1', cwd, text))
  const attempt = importSession({ root, name: 'leaky', log, env: {}, date: '2025-01-01' })
  await expect(attempt).rejects.toMatchObject({ code: 'IMPORT_SECRET' })
  const message = await attempt.catch((error: Error) => error.message)
  for (const file of ['input.json', 'session.jsonl', 'workspace/notes.txt'])
    expect(message).toMatch(new RegExp(`${file.replace('.', '\\.')}:\\d+:\\d+ ${rule} `))
  for (const line of text.split('\n')) expect(message).not.toContain(line)
  expect(existsSync(join(root, 'scenarios', 'leaky'))).toBe(false)
})
