// issue 43, leak 6 and hang 9: `dsh review` and a pending copy that is no fixture. A `.new` that is a
// symlink to an outside file is never read (its target is never printed) nor installed; a FIFO never
// blocks the review; a `.new` holding tokens is secret-scanned before it is accepted. Each is refused by
// name, the committed fixture stays as it was, and rejecting removes the copy itself.
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { withTimeout } from '../../../lib/with-timeout.ts'
import { scratchProject } from '../../snapshot/test-support/scratch-project.ts'
import { runCli } from '../test-support/run-cli.ts'

const project = scratchProject('review-guards')
afterAll(() => project.remove())
cpSync(packageFile('scenarios', 'text-turn'), join(project.root, 'scenarios', 'text-turn'), { recursive: true })
const golden = join(project.root, 'scenarios', 'text-turn', 'stdout.golden.jsonl')
const pending = `${golden}.new`
const committed = readFileSync(golden, 'utf8')
const review = (...argv: string[]) =>
  withTimeout(runCli(['review', ...argv, '--root', project.root]), 15_000, `dsh review ${argv.join(' ')}`)

it('a .new symlink to an outside file: never shown, never installed, removed by --reject', async () => {
  const outside = join(project.root, '..', `outside-${process.pid}.txt`)
  writeFileSync(outside, 'OUTSIDE-CONTENT\n')
  symlinkSync(outside, pending)
  const shown = await review()
  expect(shown.stdout).not.toContain('OUTSIDE-CONTENT')
  expect(shown.stdout).toContain(
    'scenarios/text-turn/stdout.golden.jsonl.new: refused, nothing read: scenarios/text-turn/stdout.golden.jsonl.new ' +
      'is a symbolic link;',
  )
  const accepted = await review('--accept')
  expect(accepted.code).toBe(1)
  expect(accepted.stdout + accepted.stderr).not.toContain('OUTSIDE-CONTENT')
  expect(accepted.stdout).toContain('0 accepted, 0 rejected, 1 still pending (1 refused: see above)')
  expect(lstatSync(golden).isSymbolicLink()).toBe(false)
  expect(readFileSync(golden, 'utf8')).toBe(committed)
  expect((await review('--reject')).stdout).toContain('0 accepted, 1 rejected, 0 still pending')
  expect(existsSync(pending)).toBe(false)
  expect(readFileSync(outside, 'utf8')).toBe('OUTSIDE-CONTENT\n')
})

it('a FIFO as the .new: the review does not block, names it, and --reject removes it', async () => {
  execFileSync('mkfifo', [pending])
  const shown = await review()
  expect(shown.stdout).toContain('stdout.golden.jsonl.new is a FIFO (named pipe)')
  expect((await review('--accept')).code).toBe(1)
  expect(readFileSync(golden, 'utf8')).toBe(committed)
  expect((await review('--reject')).code).toBe(0)
  expect(existsSync(pending)).toBe(false)
})

it('a .new holding AWS and GitHub tokens is not accepted: the secret scan names them', async () => {
  // Assembled at run time, so this file holds no literal token.
  const tokens = [['AKIA', 'Q3EXAMPLE7ZWXYV2'].join(''), ['ghp', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8'].join('_')]
  writeFileSync(pending, `${committed}{"leak":"${tokens.join(' ')}"}\n`)
  const accepted = await review('--accept')
  expect(accepted.code).toBe(1)
  expect(accepted.stderr).toMatch(
    /stdout\.golden\.jsonl\.new was not accepted: secret scan: scenario text-turn: 2 possible/,
  )
  expect(accepted.stderr).toMatch(/stdout\.golden\.jsonl:\d+:\d+ aws-access-key/)
  expect(accepted.stderr).toMatch(/stdout\.golden\.jsonl:\d+:\d+ github-token/)
  for (const token of tokens) expect(accepted.stderr).not.toContain(token)
  expect(readFileSync(golden, 'utf8')).toBe(committed)
  expect(existsSync(pending)).toBe(true)
  await review('--reject')
})

it('a committed fixture that is a symlink is not replaced through', async () => {
  const real = `${golden}.real`
  cpSync(golden, real)
  execFileSync('mv', ['-f', golden, `${golden}.keep`])
  symlinkSync(real, golden)
  writeFileSync(pending, committed)
  try {
    const accepted = await review('--accept')
    expect(accepted.code).toBe(1)
    expect(accepted.stdout).toContain('scenarios/text-turn/stdout.golden.jsonl is a symbolic link')
    expect(lstatSync(golden).isSymbolicLink()).toBe(true)
  } finally {
    execFileSync('rm', ['-f', golden, real, pending])
    execFileSync('mv', [`${golden}.keep`, golden])
  }
})
