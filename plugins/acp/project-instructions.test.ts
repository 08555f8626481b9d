// Project instructions (issue 38 item 7): AGENTS.md at the cwd in the system prompt's own block,
// its file and hash in the log when they change, and a file that cannot be instructions refused by
// name before anything is logged.
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { initialize, startHarness, type Harness } from './test-support/harness.ts'

let harness: Harness
afterEach(() => harness?.close())

const events = (h: Harness, sessionId: string) =>
  readFileSync(join(h.sessionsRoot, `${sessionId}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as { type: string; data: Record<string, unknown> })

const sha = (text: string) => createHash('sha256').update(text).digest('hex')

describe('project instructions', () => {
  it('go into the system prompt in their own block; the log records file and hash when they change', async () => {
    harness = await startHarness()
    await initialize(harness.agent)
    const rules = '# House rules\n\nUse tabs.\n'
    const changed = `${rules}Use spaces after all.\n`
    writeFileSync(join(harness.cwd, 'AGENTS.md'), rules)
    const { sessionId } = await harness.newSession()
    await harness.prompt(sessionId, 'one')
    await harness.prompt(sessionId, 'two')
    writeFileSync(join(harness.cwd, 'AGENTS.md'), changed)
    await harness.prompt(sessionId, 'three')
    rmSync(join(harness.cwd, 'AGENTS.md'))
    await harness.prompt(sessionId, 'four')
    const log = events(harness, sessionId)
    const records = log.filter((event) => event.type === 'project/instructions').map((event) => event.data)
    expect(records).toEqual([
      { files: [{ path: 'AGENTS.md', bytes: rules.length, sha256: sha(rules) }] },
      { files: [{ path: 'AGENTS.md', bytes: changed.length, sha256: sha(changed) }] },
      { files: [] },
    ])
    const systems = log.filter((event) => event.type === 'request/header').map((event) => event.data.system as string)
    expect(systems).toHaveLength(3)
    expect(systems[0]).toMatch(/\n\n# Project instructions \(AGENTS\.md\)\n\n# House rules\n\nUse tabs\.$/)
    expect(systems[2]).not.toContain('Project instructions')
  })

  it('refuse a file over the cap, not UTF-8, a link out of the cwd or a FIFO, by name, logging nothing', async () => {
    harness = await startHarness()
    await initialize(harness.agent)
    const { sessionId } = await harness.newSession()
    const file = join(harness.cwd, 'AGENTS.md')
    const refused = async (words: string) => {
      await expect(harness.prompt(sessionId, 'hi')).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining(`project instructions: AGENTS.md in the session cwd ${words}`),
        data: { reason: 'project-instructions' },
      })
      rmSync(file, { force: true })
    }
    writeFileSync(file, 'x'.repeat(40_000))
    await refused(
      'is 40000 bytes, over the 32768-byte cap on project instructions (agent config "instructions.maxBytes")',
    )
    writeFileSync(file, Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]))
    await refused('is not valid UTF-8 text')
    writeFileSync(join(harness.cwd, '..', 'elsewhere.md'), 'outside\n')
    symlinkSync(join(harness.cwd, '..', 'elsewhere.md'), file)
    await refused('cannot be read as project instructions: Path "AGENTS.md" resolves through a symlink')
    execFileSync('mkfifo', [file])
    await refused('is not a regular file')
    expect(events(harness, sessionId)).toEqual([])
    // The refused prompts took no turn number: the next one is turn 1.
    await harness.prompt(sessionId, 'hello')
    expect(events(harness, sessionId)[0]).toMatchObject({ type: 'user/message', data: { turn: 1 } })
  })
})
