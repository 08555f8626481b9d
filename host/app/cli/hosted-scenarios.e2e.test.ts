// The literal shape: `DSH_SNAPSHOT_SCENARIOS=… dsh --patch cordis.snapshot.yml --patch
// overlays/snapshot-host.cordis.yml` runs those scenarios inside that dsh process (the built bin,
// spawned), prints one line per scenario and the diffs of failures, and exits 0 / 1. The cases run
// concurrently: each mostly waits for its dsh processes.
import { spawn } from 'node:child_process'
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../../../lib/package-root.ts'
import { scratchProject } from '../../snapshot/test-support/scratch-project.ts'

const HOST = ['--patch', 'cordis.snapshot.yml', '--patch', 'overlays/snapshot-host.cordis.yml']

function dsh(args: string[], options: { cwd?: string; scenarios?: string } = {}) {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH }
  if (options.scenarios !== undefined) env.DSH_SNAPSHOT_SCENARIOS = options.scenarios
  const child = spawn(process.execPath, [join(packageRoot, 'bin', 'dsh.js'), ...args], {
    cwd: options.cwd ?? packageRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  )
}

const project = scratchProject('hosted')
afterAll(() => project.remove())

// Four dsh processes at once, each booting a host composition: on a loaded 2-core machine one took 20 s.
describe.concurrent('dsh with the snapshot host overlay', { timeout: 90_000 }, () => {
  it('runs the named scenarios inside itself: one line each, exit 0', async () => {
    const result = await dsh(HOST, { scenarios: 'text-turn,reasoning-turn' })
    expect(result.stderr).toBe('')
    expect(result.stdout).toMatch(
      /^\[1\/2\] pass {2}text-turn {2}[\d.]+ m?s\n\[2\/2\] pass {2}reasoning-turn {2}[\d.]+ m?s\n2 passed, 0 failed\n$/,
    )
    expect(result.code).toBe(0)
  })

  it('prints the diff of a failing scenario and exits 1', async () => {
    const scenarios = join(project.root, 'scenarios')
    for (const name of ['text-turn', 'reasoning-turn'])
      cpSync(join(packageRoot, 'scenarios', name), join(scenarios, name), { recursive: true })
    const golden = join(scenarios, 'reasoning-turn', 'stdout.golden.jsonl')
    writeFileSync(golden, readFileSync(golden, 'utf8').replace('"text":" not"', '"text":" surely"'))
    const overlays = [
      join(packageRoot, 'cordis.snapshot.yml'),
      join(packageRoot, 'overlays', 'snapshot-host.cordis.yml'),
    ]
    const result = await dsh(
      overlays.flatMap((file) => ['--patch', file]),
      { cwd: project.root, scenarios: 'text-turn,reasoning-turn' },
    )
    expect(result.stdout).toContain('pass  text-turn')
    expect(result.stdout).toContain('FAIL  reasoning-turn')
    expect(result.stdout).toContain('stdout.golden.jsonl differs from the run at line')
    expect(result.stdout).toContain('1 passed, 1 failed')
    expect(result.code).toBe(1)
  })

  it('an unknown or empty name is a named error listing the scenarios that exist', async () => {
    const unknown = await dsh(HOST, { scenarios: 'text-turn,no-such' })
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(
      /DSH_SNAPSHOT_SCENARIOS names no scenario called "no-such"; scenarios in .*: .*text-turn/,
    )
    const empty = await dsh(HOST, { scenarios: '' })
    expect(empty.code).toBe(1)
    expect(empty.stderr).toMatch(/DSH_SNAPSHOT_SCENARIOS is empty or not set; .*text-turn/)
  })

  it('refuses to start without cordis.snapshot.yml: a host never reaches the network', async () => {
    const result = await dsh(['--patch', 'overlays/snapshot-host.cordis.yml'], { scenarios: 'text-turn' })
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toContain(
      'the replay service is added by cordis.snapshot.yml: apply --patch cordis.snapshot.yml',
    )
  })
})
