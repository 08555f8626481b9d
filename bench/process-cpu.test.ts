import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { processCpuEnv, readProcessCpu, renderProcessCpu } from './process-cpu.ts'

const folder = mkdtempSync(path.join(tmpdir(), 'dsh-process-cpu-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('process CPU of a run', () => {
  it('has each node process write its own CPU at exit, by role', () => {
    const log = path.join(folder, 'cpu.jsonl')
    const env = processCpuEnv(log, { PATH: process.env.PATH })
    const spin = 'const t = () => process.cpuUsage().user / 1000; while (t() < 100);'
    spawnSync(process.execPath, ['-e', spin], { env })
    const rows = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(rows).toHaveLength(1)
    expect(rows[0].role).toBe('other')
    expect(rows[0].userMs).toBeGreaterThanOrEqual(100)
  })

  it('splits a tree into the parent, its workers and the rest', () => {
    const log = path.join(folder, 'tree.jsonl')
    processCpuEnv(log, {})
    const lines = [
      { role: 'parent', userMs: 1000, systemMs: 300 },
      { role: 'worker', userMs: 5000, systemMs: 800 },
      { role: 'worker', userMs: 5500, systemMs: 1300 },
      { role: 'other', userMs: 40, systemMs: 10 },
    ]
    writeFileSync(log, lines.map((line) => JSON.stringify(line)).join('\n'))
    const cpu = readProcessCpu(log, { userMs: 11700, systemMs: 2800 })!
    expect(cpu.parent).toEqual({ userMs: 1000, systemMs: 300 })
    expect(cpu.workers).toHaveLength(2)
    expect(cpu.children).toEqual({ userMs: 200, systemMs: 400 })
    expect(renderProcessCpu(cpu)).toBe(
      'dsh test 1.00 + 0.30 s, worker 5.00 + 0.80 s, worker 5.50 + 1.30 s, ' +
        'their children 0.20 + 0.40 s (user + system)',
    )
  })
})
