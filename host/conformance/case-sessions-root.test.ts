// A case's agent logs its sessions under a temporary DSH_SESSIONS_ROOT that the case's cleanup
// removes, so a conformance run leaves the user's `dsh sessions` list alone; a root the user set
// explicitly is kept. With the fake agent, which reports the variable and logs a "session" there.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FAKE_AGENT, promptCase, runTestSuite } from './test-support/run-test-suite.ts'
import { removeScratch, scratchDir } from './test-support/scratch.ts'
import { writeSuite } from './test-support/suite-dir.ts'

afterAll(removeScratch)

/** Runs one case whose agent writes its DSH_SESSIONS_ROOT to a file, then logs a session there. */
async function runReportingRoot(options: { agentCommand?: string; env?: NodeJS.ProcessEnv } = {}) {
  const out = join(await scratchDir('sessions-out'), 'root.txt')
  const suiteDir = await writeSuite({
    cases: {
      '001-root.json': promptCase('reports its sessions root', `env DSH_SESSIONS_ROOT ${out}\nsession-log`, [
        { check: 'updateText', includes: 'session-log: ok' },
      ]),
    },
  })
  const agentCommand = options.agentCommand ?? FAKE_AGENT
  const { code, result } = await runTestSuite({ suiteDir, ...options, agentCommand })
  return { code, case: result('root'), root: await readFile(out, 'utf8') }
}

describe("a case's sessions root", () => {
  it('is a fresh temp folder the case cleanup removes, with the logs in it', async () => {
    const { DSH_SESSIONS_ROOT: _, ...env } = process.env
    const run = await runReportingRoot({ env })
    expect(run.case).toMatchObject({ status: 'pass', failures: [] })
    expect(run.root.startsWith(join(tmpdir(), 'dsh-conformance-sessions-root-'))).toBe(true)
    expect(existsSync(run.root)).toBe(false)
    expect(run.code).toBe(0)
  })

  it("keeps a root set in the command's NAME=value words, and its logs", async () => {
    const mine = await scratchDir('my-sessions')
    const run = await runReportingRoot({ agentCommand: `DSH_SESSIONS_ROOT=${mine} ${FAKE_AGENT}` })
    expect(run.case).toMatchObject({ status: 'pass', failures: [] })
    expect(run.root).toBe(mine)
    expect(existsSync(join(mine, 'fake.jsonl'))).toBe(true)
  })

  it("keeps a root set in the runner's environment", async () => {
    const mine = await scratchDir('env-sessions')
    const run = await runReportingRoot({ env: { ...process.env, DSH_SESSIONS_ROOT: mine } })
    expect(run.root).toBe(mine)
    expect(existsSync(join(mine, 'fake.jsonl'))).toBe(true)
  })
})
