// Fixtures through links and FIFOs, end to end: a golden linked to a file outside the
// repository is neither printed in a diff nor overwritten by a refresh, and a FIFO in a
// scenario folder fails that scenario with a named error instead of hanging `dsh test`.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, lstatSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { packageRoot } from '../../../lib/package-root.ts'
import { scratchProject } from '../test-support/scratch-project.ts'
import { runScenarios } from './run.ts'
import { failureMessages } from '../model/failure.ts'

const project = scratchProject('fixture-guard')
const outside = join(project.root, '..', `${project.root.split('/').at(-1)}-outside`)
mkdirSync(outside)
afterAll(() => {
  project.remove()
  rmSync(outside, { recursive: true, force: true })
})

const FILE_RULE = 'fixtures must be regular files inside the scenario folder (replace it with the file itself)'

/** A recorded scenario of the real corpus, copied under a new name. */
function copyScenario(from: string, name: string): string {
  const dir = join(project.root, 'scenarios', name)
  cpSync(join(packageRoot, 'scenarios', from), dir, { recursive: true })
  const manifest = join(dir, 'snapshot.yml')
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(`scenario: ${from}`, `scenario: ${name}`))
  return dir
}

/** Replaces a fixture with a link to a file outside the repository holding `text`. */
function linkOutside(dir: string, fixture: string, text: string): string {
  const target = join(outside, `${dir.split('/').at(-1)}-${fixture}`)
  writeFileSync(target, text)
  rmSync(join(dir, fixture))
  symlinkSync(target, join(dir, fixture))
  return target
}

describe('fixtures through symbolic links', () => {
  it('replay: a golden linked outside fails with the guard error, and its content is never printed', async () => {
    const dir = copyScenario('new-session-only', 'linked-golden')
    const target = linkOutside(dir, 'stdout.golden.jsonl', '{"SECRET":"outside the repository"}\n')
    const { outcomes } = await runScenarios({ root: project.root, names: ['linked-golden'] })
    expect(outcomes.map((o) => failureMessages(o.failures))).toEqual([
      [`scenario linked-golden: scenarios/linked-golden/stdout.golden.jsonl is a symbolic link; ${FILE_RULE}`],
    ])
    expect(JSON.stringify(outcomes)).not.toContain('SECRET')
    expect(readFileSync(target, 'utf8')).toContain('SECRET')
  })

  it('refresh: a linked golden and a linked log are refused and their targets keep their content', async () => {
    const dir = copyScenario('new-session-only', 'linked-refresh')
    const golden = linkOutside(dir, 'stdout.golden.jsonl', 'OUTSIDE golden\n')
    // A log that replays: without the guard, the refresh would run and rewrite both targets.
    const recorded = readFileSync(join(dir, 'session.jsonl'), 'utf8')
    const log = linkOutside(dir, 'session.jsonl', recorded.replace('"createdAt":0', '"createdAt":1'))
    const { outcomes } = await runScenarios({ root: project.root, names: ['linked-refresh'], mode: 'refresh' })
    expect(outcomes[0]?.ok).toBe(false)
    expect(outcomes[0]?.written).toEqual([])
    expect(failureMessages(outcomes[0]?.failures ?? []).join('\n')).toContain(
      'scenarios/linked-refresh/stdout.golden.jsonl is a symbolic link',
    )
    expect(readFileSync(golden, 'utf8')).toBe('OUTSIDE golden\n')
    expect(readFileSync(log, 'utf8')).toBe(recorded.replace('"createdAt":0', '"createdAt":1'))
    expect(lstatSync(join(dir, 'stdout.golden.jsonl')).isSymbolicLink()).toBe(true)
  })
})

describe('a FIFO in a scenario folder', () => {
  let child: ChildProcess | undefined
  afterEach(() => {
    // Only ever needed when the guard is broken: the run would wait on the FIFO for ever.
    child?.kill('SIGKILL')
    child = undefined
  })

  it('fails that scenario with a named error; `dsh test` finishes and the other scenarios run', async () => {
    const fifoLog = copyScenario('new-session-only', 'fifo-log')
    rmSync(join(fifoLog, 'session.jsonl'))
    execFileSync('mkfifo', [join(fifoLog, 'session.jsonl')])
    const fifoGolden = copyScenario('new-session-only', 'fifo-golden')
    rmSync(join(fifoGolden, 'stdout.golden.jsonl'))
    execFileSync('mkfifo', [join(fifoGolden, 'stdout.golden.jsonl')])
    copyScenario('new-session-only', 'plain')
    const names = ['fifo-log', 'fifo-golden', 'plain']
    child = spawn(process.execPath, [join(packageRoot, 'bin', 'dsh.js'), 'test', ...names], {
      cwd: project.root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // Progress goes to stderr and the report to stdout: the named errors may stand in either.
    let stderr = ''
    const collect = (chunk: Buffer) => {
      stderr += chunk
    }
    child.stdout?.on('data', collect)
    child.stderr?.on('data', collect)
    const code = await new Promise<number | null>((resolve) => child?.on('close', resolve))
    expect(code, stderr).toBe(1)
    expect(stderr).toContain(`scenarios/fifo-log/session.jsonl is a FIFO (named pipe); ${FILE_RULE}`)
    expect(stderr).toContain(`scenarios/fifo-golden/stdout.golden.jsonl is a FIFO (named pipe); ${FILE_RULE}`)
    expect(stderr).toMatch(/pass {2}plain {2}\d+ ms\n/)
    expect(stderr).toMatch(/\n1 passed, 2 failed\n/)
  })
})
