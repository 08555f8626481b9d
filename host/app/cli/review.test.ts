// The review flow end to end, in a scratch project: refresh --pending writes <file>.new and leaves
// the golden alone; replay ignores the pending copy and reports it as pending; dsh review lists it
// with its diff and accepts or rejects it (all, by name, or one by one when a person answers).
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { scratchProject } from '../../snapshot/test-support/scratch-project.ts'
import { runCli } from '../test-support/run-cli.ts'

const project = scratchProject('review')
afterAll(() => project.remove())
for (const name of ['text-turn', 'reasoning-turn'])
  cpSync(packageFile('scenarios', name), join(project.root, 'scenarios', name), { recursive: true })
const golden = (name: string) => join(project.root, 'scenarios', name, 'stdout.golden.jsonl')
const committed = {
  'text-turn': readFileSync(golden('text-turn'), 'utf8'),
  'reasoning-turn': readFileSync(golden('reasoning-turn'), 'utf8'),
}

/** `dsh review` with someone answering: each answer in turn, then the end of the input. */
async function dsh(argv: string[], answers?: string[]) {
  const asked: string[] = []
  const answer = async (question: string) => {
    asked.push(question)
    return answers?.shift()
  }
  const result = await runCli([...argv, '--root', project.root], { answer: answers ? answer : undefined })
  return { ...result, asked }
}
const question = (file: string, scenario: string) =>
  `${file}: [a]ccept, [r]eject, [s]kip, [A]ccept all of ${scenario}, [R]eject all of ${scenario}, [q]uit? `

/** Make each golden stale, then let a pending refresh propose the committed text back. */
async function proposeChanges() {
  for (const name of ['text-turn', 'reasoning-turn']) writeFileSync(golden(name), 'stale\n')
  const refresh = await dsh(['test', 'text-turn', 'reasoning-turn', '--mode', 'refresh', '--pending'])
  expect(refresh.code, refresh.stdout).toBe(0)
  expect(refresh.stdout).toContain('scenarios/text-turn/stdout.golden.jsonl.new (pending)')
}

describe('dsh test --pending and dsh review', () => {
  it('writes pending copies instead of overwriting; replay reports them as pending', async () => {
    await proposeChanges()
    expect(readFileSync(golden('text-turn'), 'utf8')).toBe('stale\n')
    expect(readFileSync(`${golden('text-turn')}.new`, 'utf8')).toBe(committed['text-turn'])
    const replay = await dsh(['test', 'text-turn'])
    expect(replay.code).toBe(1)
    expect(replay.stdout).toContain(
      'scenarios/text-turn/stdout.golden.jsonl.new is pending review (written by --pending); ' +
        'accept or reject it with npx dsh review text-turn',
    )
    expect(replay.stdout).not.toContain('is not expected here')
  })

  it('lists pending files with their diffs and changes nothing without a decision', async () => {
    const listed = await dsh(['review'])
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain('[1/2] scenarios/reasoning-turn/stdout.golden.jsonl')
    expect(listed.stdout).toContain('-stale')
    expect(listed.stdout).toContain('+++ scenarios/text-turn/stdout.golden.jsonl.new (pending)')
    expect(listed.stdout).toContain('0 accepted, 0 rejected, 2 still pending')
    expect(existsSync(`${golden('text-turn')}.new`)).toBe(true)
  })

  it('accepts by name and rejects the rest', async () => {
    expect((await dsh(['review', 'text-*', '--accept'])).stdout).toContain('1 accepted, 0 rejected, 0 still pending')
    expect(readFileSync(golden('text-turn'), 'utf8')).toBe(committed['text-turn'])
    expect(existsSync(`${golden('text-turn')}.new`)).toBe(false)
    expect((await dsh(['test', 'text-turn'])).code).toBe(0)
    expect((await dsh(['review', '--reject'])).stdout).toContain('0 accepted, 1 rejected, 0 still pending')
    expect(readFileSync(golden('reasoning-turn'), 'utf8')).toBe('stale\n')
    expect((await dsh(['review'])).stdout).toBe('dsh review: nothing pending\n')
  })

  it('asks one by one at a terminal', async () => {
    await proposeChanges()
    const answered = await dsh(['review'], ['x', 'r', 'a'])
    expect(answered.asked).toEqual([
      question('scenarios/reasoning-turn/stdout.golden.jsonl', 'reasoning-turn'),
      question('scenarios/reasoning-turn/stdout.golden.jsonl', 'reasoning-turn'),
      question('scenarios/text-turn/stdout.golden.jsonl', 'text-turn'),
    ])
    expect(answered.stderr).toContain('answer a, r, s, A, R or q (got "x")')
    expect(answered.stdout).toContain('1 accepted, 1 rejected, 0 still pending')
    expect(readFileSync(golden('reasoning-turn'), 'utf8')).toBe('stale\n')
    expect(readFileSync(golden('text-turn'), 'utf8')).toBe(committed['text-turn'])
  })

  it('goes scenario by scenario, listing its pending files; A accepts the rest of the scenario', async () => {
    // Two pending files in text-turn, one in reasoning-turn.
    const log = join(project.root, 'scenarios', 'text-turn', 'session.jsonl')
    writeFileSync(`${golden('text-turn')}.new`, 'proposed golden\n')
    writeFileSync(`${log}.new`, 'proposed log\n')
    writeFileSync(`${golden('reasoning-turn')}.new`, 'proposed reasoning\n')
    const committedLog = readFileSync(log, 'utf8')
    const answered = await dsh(['review'], ['s', 'A'])
    expect(answered.stdout).toContain('scenario reasoning-turn: 1 pending file (stdout.golden.jsonl)\n')
    expect(answered.stdout).toContain('scenario text-turn: 2 pending files (session.jsonl, stdout.golden.jsonl)\n')
    // One question for text-turn: A took its second file too.
    expect(answered.asked).toEqual([
      question('scenarios/reasoning-turn/stdout.golden.jsonl', 'reasoning-turn'),
      question('scenarios/text-turn/session.jsonl', 'text-turn'),
    ])
    expect(answered.stdout).toContain('2 accepted, 0 rejected, 1 still pending')
    expect(readFileSync(log, 'utf8')).toBe('proposed log\n')
    expect(readFileSync(golden('text-turn'), 'utf8')).toBe('proposed golden\n')
    expect(existsSync(`${golden('reasoning-turn')}.new`)).toBe(true)
    writeFileSync(log, committedLog)
    writeFileSync(golden('text-turn'), committed['text-turn'])
  })

  it('lists the rest once the answers end (an empty stdin decides nothing)', async () => {
    writeFileSync(`${golden('text-turn')}.new`, 'proposed golden\n')
    const answered = await dsh(['review'], [])
    expect(answered.asked).toHaveLength(1)
    expect(answered.stdout).toContain('[2/2] scenarios/text-turn/stdout.golden.jsonl')
    expect(answered.stdout).toContain('0 accepted, 0 rejected, 2 still pending\n')
    expect((await dsh(['review', '--reject'])).stdout).toContain('0 accepted, 2 rejected, 0 still pending')
  })

  it('refuses unknown names and contradictory flags (exit 2)', async () => {
    expect((await dsh(['review', 'text-trun'])).stderr).toContain('did you mean text-turn?')
    expect((await dsh(['review', '--accept', '--reject'])).code).toBe(2)
  })
})
