// `dsh sessions` over a real sessions root: a table newest first, JSON for scripts, and a root
// with nothing in it said as such.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../test-support/run-cli.ts'

const root = mkdtempSync(join(tmpdir(), 'dsh-sessions-cli-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
function session(id: string, seconds: number, prompt?: string) {
  const file = join(root, `${id}.jsonl`)
  const message = prompt
    ? `${JSON.stringify({
        seq: 1,
        time: 1,
        type: 'user/message',
        data: { turn: 1, messageId: 'm', content: [{ type: 'text', text: prompt }] },
      })}\n`
    : ''
  writeFileSync(file, `{"type":"session","version":1,"id":"${id}","createdAt":1,"cwd":"/w/${id}"}\n${message}`)
  utimesSync(file, seconds, seconds)
}
session('older', 1_700_000_000, 'Fix the failing parser test')
session('newer', 1_700_000_600)
const sessions = (...argv: string[]) => runCli(['sessions', ...argv], { env: { DSH_SESSIONS_ROOT: root } })

describe('dsh sessions', () => {
  it('prints id, date, turns, size, title and cwd, newest first', async () => {
    const { code, stdout } = await sessions()
    expect(code).toBe(0)
    const lines = stdout.split('\n')
    expect(lines[0]).toMatch(/^ID +DATE \(UTC\) +TURNS +SIZE +TITLE +CWD$/)
    expect(lines[1]).toMatch(/^newer +2023-11-14 22:23 +0 +\d+ B +\(no prompt yet\) +\/w\/newer$/)
    expect(lines[2]).toMatch(/^older +2023-11-14 22:13 +1 +\d+ B +Fix the failing parser test +\/w\/older$/)
    expect(stdout).toContain(`in ${root}`)
  })

  it('--json gives the same rows for scripts', async () => {
    const rows = JSON.parse((await sessions('--json')).stdout)
    expect(rows.map((row: { id: string }) => row.id)).toEqual(['newer', 'older'])
    expect(rows[1]).toEqual({
      id: 'older',
      title: 'Fix the failing parser test',
      cwd: '/w/older',
      date: '2023-11-14T22:13:20.000Z',
      turns: 1,
      size: expect.any(Number),
    })
  })

  it('says where it looked when the root holds no session', async () => {
    const empty = join(root, 'none')
    const result = await runCli(['sessions'], { env: { DSH_SESSIONS_ROOT: empty } })
    expect(result).toMatchObject({ code: 0, stdout: expect.stringContaining(`no sessions under ${empty}`) })
  })
})
