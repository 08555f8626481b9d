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
    // The keyless echo model needs no key, so dsh advertises no auth method: the one case that
    // authenticates does not apply (SPEC.md R25). Every other case applies to dsh and passes.
    const notApplicable = report.results.filter((r) => r.status === 'not-applicable')
    expect(notApplicable.map((r) => [r.id, r.reason])).toEqual([
      ['auth-resume-close', expect.stringContaining('does not advertise authMethods.0 at initialize')],
    ])
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
  }, 240_000) // about 80 s alone; 44 cases of ~2 s dsh startups each stretch far on a loaded machine
})
