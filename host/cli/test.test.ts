import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { main } from '../cli.ts'

const scratch = mkdtempSync(join(tmpdir(), 'dsh-cli-test-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

async function run(argv: string[]) {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, { stdout: (text) => { stdout += text }, stderr: (text) => { stderr += text }, env: {} })
  return { code, stdout, stderr }
}

describe('dsh test', () => {
  it('replays a scenario, prints a progress line and a summary, and writes the JSON report', async () => {
    const report = join(scratch, 'report.json')
    const result = await run(['test', 'text-turn', '--report', report])
    expect(result.code).toBe(0)
    expect(result.stderr).toMatch(/^pass {2}text-turn {2}\d+ ms\n1 passed, 0 failed\n$/)
    expect(JSON.parse(readFileSync(report, 'utf8'))).toMatchObject({ ok: true, mode: 'replay', scenarios: [{ scenario: 'text-turn', ok: true, failures: [] }] })
  })

  it('prints the report on stdout with --format json', async () => {
    const result = await run(['test', 'text-turn', '--format', 'json'])
    expect(JSON.parse(result.stdout)).toMatchObject({ ok: true, scenarios: [{ scenario: 'text-turn' }] })
  })

  it('fails with exit 1 naming an unknown scenario', async () => {
    const result = await run(['test', 'no-such-scenario'])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('no scenario named no-such-scenario')
  })

  it('rejects a bad mode, and --stub outside record mode, with usage (exit 2)', async () => {
    expect((await run(['test', '--mode', 'later'])).code).toBe(2)
    expect((await run(['test', '--stub'])).code).toBe(2)
  })
})

describe('dsh test interrupted', () => {
  it('on SIGINT finishes the running scenario, writes a partial report and exits 130', async () => {
    const { spawn } = await import('node:child_process')
    const report = join(scratch, 'partial.json')
    const child = spawn(process.execPath, [join(process.cwd(), 'bin', 'dsh.js'), 'test', '--report', report], { cwd: process.cwd(), stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    const firstLine = new Promise<void>((resolve) => child.stderr.on('data', (chunk) => { stderr += chunk; if (/^(pass|FAIL) /m.test(stderr)) resolve() }))
    await firstLine
    child.kill('SIGINT')
    const code = await new Promise((resolve) => child.on('close', resolve))
    expect(code).toBe(130)
    const partial = JSON.parse(readFileSync(report, 'utf8'))
    expect(partial).toMatchObject({ ok: false, interrupted: true })
    expect(partial.scenarios.length).toBeGreaterThan(0)
    expect(stderr).toContain('interrupted')
  })
})
