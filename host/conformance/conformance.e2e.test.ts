// The real dsh with the keyless echo model must pass every shipped case. The dsh profile
// requires all of core too (scenarios/conformance/data.test.ts checks that), so one run covers both profiles.
// The agent is the built bin: vitest's global setup rebuilds dist/ when a source is newer,
// and in CI `npm ci` builds it (prepare); it starts about twice as fast as tsx from source.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadSuite } from './load-suite.ts'
import type { RunReport } from './report.ts'
import { runConformance } from './run.ts'
import { removeScratch, scratchDir } from './test-support/scratch.ts'

describe('dsh conformance against dsh --patch overlays/echo.cordis.yml', () => {
  afterAll(removeScratch)

  it('passes every case of the dsh profile, which includes the core profile', async () => {
    const scratch = await scratchDir('e2e')
    const reportFile = join(scratch, 'report.json')
    let stdout = ''
    const code = await runConformance({
      // Session logs go to the scratch folder, not the checkout's .sessions/.
      agentCommand: `DSH_SESSIONS_ROOT=${scratch}/sessions node bin/dsh.js --patch overlays/echo.cordis.yml`,
      profile: 'dsh',
      caseIds: [],
      permissionMode: 'approve-all',
      format: 'text',
      reportFile,
      jobs: 2,
      env: process.env,
      stdout: (t) => {
        stdout += t
      },
      stderr: () => {},
    })
    const report = JSON.parse(await readFile(reportFile, 'utf8')) as RunReport
    // dsh offers an agent auth method even when its model needs no key (docs/security.md), so every
    // case applies to it, the one that authenticates included, and passes.
    expect(report.results.filter((r) => r.status === 'not-applicable').map((r) => [r.id, r.reason])).toEqual([])
    const notPassing = report.results.filter((r) => r.status !== 'pass' && r.status !== 'not-applicable')
    expect(notPassing, stdout).toEqual([])
    expect(code).toBe(0)
    const suite = await loadSuite()
    expect(report.results.map((r) => r.id)).toEqual(expect.arrayContaining(suite.profiles.get('core')!.required))
    expect(report.results.every((r) => r.cleanup?.processesGone && r.cleanup.via === 'eof')).toBe(true)
    // Every case's wire transcript is in the JSON report, both ways, starting with initialize.
    for (const r of report.results) {
      expect(r.transcript?.[0]?.message.method, r.id).toBe('initialize')
      expect(new Set(r.transcript?.map((e) => e.dir)), r.id).toEqual(new Set(['to-agent', 'from-agent']))
    }
  }, 300_000) // 45 cases, each a fresh agent: 70 s on an idle 2-core machine, several times that under load
})
