import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { TestModule } from 'vitest/node'
import FileTimesReporter, { FILE_TIMES_ENV } from './file-times-reporter.ts'
import { testsLine } from './parts/suite.ts'

describe('testsLine', () => {
  it("finds dsh test's closing line, or nothing", () => {
    expect(testsLine('text-turn  pass  12 ms\n\n46 passed, 0 failed\n', 'dsh')).toBe('46 passed, 0 failed')
    expect(testsLine('45 passed, 1 failed, 2 errors\n', 'dsh')).toBe('45 passed, 1 failed, 2 errors')
    expect(testsLine('46 passed, 0 failed, 1 error\n', 'dsh')).toBe('46 passed, 0 failed, 1 error')
    expect(testsLine('dsh: no scenario named x\n', 'dsh')).toBe('')
  })

  it("finds vitest's summary line, not a dsh line", () => {
    const stdout = ' ✓ a.test.ts (2 tests)\n\n Test Files  1 passed (1)\n      Tests  2 passed (2)\n'
    expect(testsLine(stdout)).toBe('Tests  2 passed (2)')
    expect(testsLine('46 passed, 0 failed\n')).toBe('')
  })
})

describe('the file-times reporter', () => {
  it("adds a file's prepare, import, setup and test time in its worker", () => {
    const diagnostic = () => ({ prepareDuration: 1, collectDuration: 200, setupDuration: 3, duration: 1000 })
    const module = { relativeModuleId: 'a/b.test.ts', project: { name: 'unit' }, diagnostic }
    const dir = mkdtempSync(join(tmpdir(), 'dsh-file-times-'))
    vi.stubEnv(FILE_TIMES_ENV, join(dir, 'times.json'))
    try {
      const reporter = new FileTimesReporter()
      reporter.onTestModuleEnd(module as unknown as TestModule)
      reporter.onTestRunEnd()
      expect(JSON.parse(readFileSync(join(dir, 'times.json'), 'utf8'))).toEqual([
        { file: 'a/b.test.ts', project: 'unit', wallMs: 1204 },
      ])
    } finally {
      vi.unstubAllEnvs()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
