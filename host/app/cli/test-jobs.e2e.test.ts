// dsh test --jobs with real worker processes: the same report as --jobs 1, a crashing or hanging
// worker failing its scenario only, signals and a killed parent leaving no worker behind, and the
// shards of one run merged back into its report.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { scratchProject } from '../../snapshot/test-support/scratch-project.ts'
import { runCli } from '../test-support/run-cli.ts'

const SCENARIOS = ['text-turn', 'read-file', 'list-dir', 'patch-plugin-tool']
const cleanups: Array<() => void> = []
afterAll(() => {
  for (const cleanup of cleanups) cleanup()
})

/** A project with four scenarios of the corpus (one a class pin with a plugin of its own). */
function project(label: string) {
  const scratch = scratchProject(label)
  cleanups.push(() => scratch.remove())
  for (const name of SCENARIOS)
    cpSync(packageFile('scenarios', name), join(scratch.root, 'scenarios', name), { recursive: true })
  const plugin = (code: string) =>
    writeFileSync(
      join(scratch.root, 'scenarios', 'patch-plugin-tool', 'count-words.js'),
      `export const name = 'count-words'\nexport const apply = () => { ${code} }\n`,
    )
  return { root: scratch.root, plugin, file: (name: string) => join(scratch.root, name) }
}

/** Live worker processes of a project (their command line carries its folder). */
function workersOf(root: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
        return cmdline.includes('jobs/worker') && cmdline.includes(root)
      } catch {
        return false
      }
    })
    .map(Number)
}

const readIfThere = (file: string) => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return '' // the process ended meanwhile
  }
}
const withoutTimes = (report: object) => JSON.parse(JSON.stringify(report, (k, v) => (k === 'durationMs' ? 0 : v)))
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'))

describe('dsh test --jobs', () => {
  it('writes the same report as --jobs 1, progress one line per scenario, and leaves no worker', async () => {
    const { root, file } = project('jobs-same')
    const one = await runCli(['test', '--root', root, '--jobs', '1', '--report', file('one.json')])
    const two = await runCli(['test', '--root', root, '--jobs', '2', '--report', file('two.json')])
    expect([one.code, two.code], two.stderr).toEqual([0, 0])
    expect(withoutTimes(json(file('two.json')))).toEqual(withoutTimes(json(file('one.json'))))
    const progress = two.stderr.split('\n').filter((line) => /^\[\d\/4\] pass/.test(line))
    expect(progress.map((line) => line.split(/\s+/)[2]).sort()).toEqual([...SCENARIOS].sort())
    expect(workersOf(root)).toEqual([])
  }, 120_000)

  it('fails only the scenario whose worker crashes, and goes on in a new worker', async () => {
    const { root, plugin } = project('jobs-crash')
    plugin('process.exit(7)')
    const result = await runCli(['test', '--root', root, '--jobs', '2', '--format', 'json'])
    expect(result.code).toBe(1)
    const scenarios = JSON.parse(result.stdout).scenarios as Array<{
      scenario: string
      ok: boolean
      failures: { message: string }[]
    }>
    expect(scenarios.filter((s) => !s.ok).map((s) => s.scenario)).toEqual(['patch-plugin-tool'])
    expect(scenarios.find((s) => !s.ok)!.failures[0]?.message).toMatch(
      /^scenario patch-plugin-tool: its dsh test worker \(pid \d+\) exited with code 7 while running it/,
    )
    expect(scenarios).toHaveLength(4)
    expect(workersOf(root)).toEqual([])
  }, 120_000)

  it('ends a hung worker after the scenario timeout, reporting it as hung; no key in a replay worker', async () => {
    const { root, plugin } = project('jobs-hang')
    plugin('for (;;) {}')
    vi.stubEnv('DEEPSEEK_API_KEY', 'sk-not-for-replay-workers')
    const running = runCli(['test', '--root', root, '--jobs', '2', '--timeout', '500', '--format', 'json'])
    const environs: string[] = []
    while (!environs.length) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      environs.push(
        ...workersOf(root)
          .map((pid) => readIfThere(`/proc/${pid}/environ`))
          .filter(Boolean),
      )
    }
    expect(environs.join('\n')).not.toContain('sk-not-for-replay-workers')
    expect(environs.join('\n')).toContain('PATH=')
    const result = await running
    const scenarios = JSON.parse(result.stdout).scenarios as Array<{
      scenario: string
      ok: boolean
      failures: { message: string }[]
    }>
    const hung = scenarios.find((s) => s.scenario === 'patch-plugin-tool')!
    expect(hung.failures[0]?.message).toMatch(/its dsh test worker \(pid \d+\) did not finish it within 3000 ms/)
    expect(workersOf(root)).toEqual([])
  }, 60_000)

  it('records (--stub) and refreshes with --jobs 2: every fixture as --jobs 1 writes it', async () => {
    const { root } = project('jobs-record')
    const files = () =>
      Object.fromEntries(
        SCENARIOS.flatMap((name) =>
          readdirSync(join(root, 'scenarios', name), { recursive: true, withFileTypes: true })
            .filter((entry) => entry.isFile())
            .map((entry) => join(entry.parentPath, entry.name))
            .map((path) => [path, readFileSync(path, 'utf8')]),
        ),
      )
    // The reference is this checkout's own --jobs 1 recording (committed fixtures may predate a stub change).
    const reference = await runCli(['test', '--root', root, '--jobs', '1', '--mode', 'record', '--stub'])
    expect(reference.code, reference.stderr).toBe(0)
    const before = files()
    for (const mode of [
      ['--mode', 'record', '--stub'],
      ['--mode', 'refresh'],
    ]) {
      const result = await runCli(['test', '--root', root, '--jobs', '2', ...mode])
      expect(result.code, result.stderr).toBe(0)
      expect(result.stdout).toMatch(/\n4 passed, 0 failed\n$/)
    }
    expect(files()).toEqual(before)
    expect(workersOf(root)).toEqual([])
  }, 120_000)

  it('refuses --jobs 0, above the limit, or not a number, and --shard 0/3 (exit 2)', async () => {
    for (const jobs of ['0', '65', 'two', '1.5']) {
      const result = await runCli(['test', 'text-turn', '--jobs', jobs])
      expect(result.code).toBe(2)
      expect(result.stderr).toContain(`--jobs must be a whole number from 1 to 64 (worker processes; 1 runs in this`)
    }
    expect((await runCli(['test', '--shard', '0/3'])).stderr).toContain('--shard 0/3: use i/n with 1 ≤ i ≤ n')
    expect((await runCli(['test', '--durations', 'x.json'])).stderr).toContain('--durations balances --shard')
  })
})

/** `dsh test --jobs 2` as a real process (the built dsh), so signals and SIGKILL are real. */
function startJobs(root: string, report: string) {
  const child = spawn(
    process.execPath,
    [packageFile('bin', 'dsh.js'), 'test', '--jobs', '2', '--timeout', '1000', '--root', root, '--report', report],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  child.stdout.resume()
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve))
  const until = async (ready: () => boolean) => {
    while (!ready()) await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return { child, closed, until, stderr: () => stderr }
}

describe('dsh test --jobs as a real process', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)(
    'on %s stops every worker and still writes the partial report (exit %i)',
    async (signal, code) => {
      const { root, plugin, file } = project(`jobs-${signal}`)
      // The pin hangs its worker, so the run is surely mid-way when the signal comes; one signal
      // lets the running scenarios finish, the hung one ended after 6 × --timeout.
      plugin('for (;;) {}')
      const run = startJobs(root, file('partial.json'))
      // Mid-run: one scenario is done and the hung pin's worker is still there (the other worker may
      // already have finished the rest and gone: scenarios are fast, so "both alive" can be missed).
      await run.until(() => workersOf(root).length >= 1 && /\[1\/4\]/.test(run.stderr()))
      run.child.kill(signal)
      expect(await run.closed, run.stderr()).toBe(code)
      const partial = json(file('partial.json'))
      expect(partial).toMatchObject({ ok: false, interrupted: true, interruptedBy: signal })
      expect(partial.blob).toMatchObject({ interrupted: true, interruptedBy: signal })
      expect(
        partial.scenarios.find((s: { scenario: string }) => s.scenario === 'patch-plugin-tool').failures[0].message,
      ).toMatch(/did not finish it within 6000 ms/)
      expect(workersOf(root)).toEqual([])
    },
    60_000,
  )

  it('leaves no worker behind when it is killed outright (SIGKILL)', async () => {
    const { root, plugin, file } = project('jobs-sigkill')
    plugin('for (;;) {}')
    const run = startJobs(root, file('never.json'))
    await run.until(() => workersOf(root).length >= 1 && /\[1\/4\]/.test(run.stderr()))
    run.child.kill('SIGKILL')
    await run.closed
    await run.until(() => workersOf(root).length === 0)
    expect(existsSync(file('never.json'))).toBe(false)
  }, 60_000)
})
