// `dsh test` interrupted by SIGINT, SIGTERM or a second signal, as a real process (the bin), each
// case in a scratch project whose first scenario waits long enough to be interrupted. The cases run
// concurrently: each mostly waits for its scenario's timeout.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { scratchProject } from '../../snapshot/test-support/scratch-project.ts'

const scratch = mkdtempSync(join(tmpdir(), 'dsh-cli-interrupt-'))
const cleanups: Array<() => void> = []
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true })
  for (const cleanup of cleanups) cleanup()
})

describe.concurrent('dsh test interrupted', () => {
  // A scratch project whose first scenario waits (for an event that never comes) long enough
  // to be interrupted, so the signal always lands mid-run.
  function waitingProject(): string {
    const project = scratchProject('cli-sigint')
    cleanups.push(() => project.remove())
    const scenario = (name: string, steps: object[]) =>
      project.scenario(name, {
        manifest: `scenario: ${name}\ndescription: ${name}\nrecording: authored\n`,
        input: { steps },
        extra: {
          'stdout.golden.jsonl': '',
          'session.jsonl': '{"type":"session","version":1,"id":"{{session:1}}","createdAt":0,"cwd":"{{cwd}}"}\n',
        },
      })
    scenario('a-waits', [
      { op: 'initialize' },
      { op: 'newSession', as: 's1' },
      { op: 'waitFor', event: 'turn/start', session: 's1' },
    ])
    scenario('b-never-runs', [{ op: 'initialize' }, { op: 'newSession', as: 's1' }])
    return project.root
  }

  /** `dsh test` as a real process in `root`, with its own TMPDIR so leftover temp folders can be counted. */
  function startDshTest(root: string, report: string) {
    const tmp = mkdtempSync(join(scratch, 'tmp-'))
    const child = spawn(
      process.execPath,
      [join(process.cwd(), 'bin', 'dsh.js'), 'test', '--jobs', '1', '--timeout', '3000', '--report', report],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TMPDIR: tmp } },
    )
    let stdout = ''
    child.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve))
    /** Polls until `ready()` holds (no fixed sleeps: the machine may be slow). */
    const until = async (ready: () => boolean) => {
      while (!ready()) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    // The first scenario is running once its two temp folders (cwd and host scratch) exist.
    const scenarioRunning = () => until(() => readdirSync(tmp).length === 2)
    return { child, tmp, closed, until, scenarioRunning, stderr: () => stderr, stdout: () => stdout }
  }

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'on %s finishes the running scenario, writes a partial report, removes its temp folders and exits %i',
    async (signal, exitCode) => {
      const report = join(scratch, `partial-${signal}.json`)
      const run = startDshTest(waitingProject(), report)
      // The first scenario waits up to 3 s for an event that never comes; interrupt it meanwhile.
      await run.scenarioRunning()
      run.child.kill(signal)
      const code = await run.closed
      expect(code, run.stderr()).toBe(exitCode)
      const partial = JSON.parse(readFileSync(report, 'utf8'))
      expect(partial).toMatchObject({ ok: false, interrupted: true, scenarios: [{ scenario: 'a-waits', ok: false }] })
      expect(partial.scenarios[0].failures[0]?.message).toContain(
        'timed out after 3000 ms waiting for steps[2] (waitFor turn/start in s1)',
      )
      expect(run.stderr()).toContain(
        `dsh test: ${signal}; finishing the running scenario, then writing a partial report`,
      )
      // Progress and the signal on stderr; the report (with why it stopped) on stdout.
      expect(run.stdout()).toMatch(
        new RegExp(`\\ninterrupted by ${signal}: the remaining scenarios did not run\\n\\n0 passed, 1 failed\\n$`),
      )
      expect(partial.interruptedBy).toBe(signal)
      expect(readdirSync(run.tmp)).toEqual([])
    },
  )

  it('on a second signal stops the running scenario at once, still removing its temp folders', async () => {
    const report = join(scratch, 'partial-twice.json')
    const run = startDshTest(waitingProject(), report)
    await run.scenarioRunning()
    run.child.kill('SIGTERM')
    await run.until(() => run.stderr().includes('finishing the running scenario'))
    run.child.kill('SIGTERM')
    const code = await run.closed
    expect(code, run.stderr()).toBe(143)
    expect(run.stderr()).toContain('dsh test: SIGTERM again; stopping now: the running scenario is not finished')
    expect(readdirSync(run.tmp)).toEqual([])
  })
})
