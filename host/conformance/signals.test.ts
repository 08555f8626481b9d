// The runner as a real process, interrupted mid-case: it must still stop its agent (and the
// agent's escaped child), write the partial report and exit 128 + signal.
import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { liveDescendants, stillLive, type ProcessRef } from './descendants.ts'
import type { RunReport } from './report.ts'
import { writeSuite } from './test-support/suite-dir.ts'
import { removeScratch, scratchDir } from './test-support/scratch.ts'

const commandLine = (pid: number) =>
  readFile(`/proc/${pid}/cmdline`, 'utf8').then(
    (t) => t.replaceAll('\0', ' '),
    () => '',
  )

describe('dsh conformance and signals', () => {
  afterAll(removeScratch)

  it('SIGINT during a prompt: exit 130, partial report, no agent process left', async () => {
    const suiteDir = await writeSuite({
      cases: {
        '001-hang.json': {
          title: 'a prompt that never answers',
          spec: ['R1'],
          steps: [
            { op: 'initialize' },
            { op: 'newSession', as: 's1' },
            { op: 'prompt', session: 's1', as: 'p1', text: 'hang' },
          ],
          checks: [{ check: 'stopReason', prompt: 'p1', in: ['end_turn'] }],
        },
        '002-later.json': {
          title: 'never launched',
          spec: ['R1'],
          steps: [{ op: 'initialize' }],
          checks: [{ check: 'protocolVersion' }],
        },
      },
    })
    const reportFile = join(await scratchDir('signal'), 'report.json')
    // The built CLI starts fastest; vitest's global setup rebuilds dist/ when a source is newer.
    const runner = spawn(
      process.execPath,
      [
        'bin/dsh.js',
        'conformance',
        '--suite',
        suiteDir,
        '--profile',
        'test',
        '--report',
        reportFile,
        '--agent-command',
        'node host/conformance/test-support/fake-agent.mjs --escaped-child',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let stdout = ''
    let stderr = ''
    runner.stdout.on('data', (chunk) => {
      stdout += chunk
    })
    runner.stderr.on('data', (chunk) => {
      stderr += chunk
    })
    const exited = new Promise<number | null>((resolve) => runner.once('close', (code) => resolve(code)))

    // Wait until the agent runs and has started its child outside its process group.
    let processes: ProcessRef[] = []
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
      processes = liveDescendants(runner.pid!)
      const lines = await Promise.all(processes.map((p) => commandLine(p.pid)))
      if (lines.some((l) => l.startsWith('sleep 60')) && lines.some((l) => l.includes('fake-agent.mjs'))) break
      await new Promise((r) => setTimeout(r, 50))
    }
    expect(processes.length).toBeGreaterThanOrEqual(2)
    await new Promise((r) => setTimeout(r, 300)) // let the case reach its hanging prompt
    runner.kill('SIGINT')

    expect(await exited, stderr).toBe(130)
    const report = JSON.parse(await readFile(reportFile, 'utf8')) as RunReport
    expect(report).toMatchObject({
      interruptedBy: 'SIGINT',
      exitCode: 130,
      summary: { total: 2, interrupted: 1, notRun: 1 },
    })
    expect(report.results[0]!.failures).toEqual([
      expect.stringMatching(/^interrupted by SIGINT while waiting for the response to /),
      expect.stringMatching(
        new RegExp(
          '^cleanup: the agent left 1 process running after it ended, outside its process ' +
            String.raw`group: pid \d+ \(sleep 60\)`,
        ),
      ),
    ])
    expect(report.results[1]).toMatchObject({
      id: 'later',
      status: 'not-run',
      reason: 'interrupted by SIGINT before it started',
    })
    expect(stillLive(processes)).toEqual([])
    expect(stderr).toMatch(/SIGINT; no new cases, aborting requests in flight, cleaning up/)
    expect(stdout).toMatch(/INTERRUPTED by SIGINT \(partial report\) \(exit 130\)\n$/)
  })
})
