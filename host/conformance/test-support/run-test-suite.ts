// Runs a throwaway suite (see suite-dir.ts) through the real runner against an agent command,
// and returns the exit code, what it printed and the JSON report it wrote.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { RunReport } from '../report.ts'
import { runConformance } from '../run.ts'
import { scratchDir } from './scratch.ts'

export const FAKE_AGENT = 'node host/conformance/test-support/fake-agent.mjs'

/** A case that initializes, opens session s1 and sends one prompt (p1), then `after` steps. */
export function promptCase(
  title: string,
  text: string,
  checks: unknown[],
  extra: Record<string, unknown> = {},
  after: unknown[] = [],
) {
  return {
    title,
    spec: ['R1'],
    ...extra,
    steps: [
      { op: 'initialize' },
      { op: 'newSession', as: 's1' },
      { op: 'prompt', session: 's1', as: 'p1', text },
      ...after,
    ],
    checks,
  }
}

export const FOREIGN_AGENT = 'node host/conformance/test-support/foreign-agent.mjs'

/** Without suiteDir: the shipped suite (then name a profile of it). */
export async function runTestSuite(options: {
  suiteDir?: string
  agentCommand: string
  cwd?: string
  caseIds?: string[]
  profile?: string
  authenticate?: string
}) {
  const reportFile = join(await scratchDir('report'), 'report.json')
  let stdout = ''
  let stderr = ''
  const code = await runConformance({
    profile: 'test',
    caseIds: [],
    permissionMode: 'approve-all',
    format: 'text',
    reportFile,
    env: process.env,
    stdout: (t) => {
      stdout += t
    },
    stderr: (t) => {
      stderr += t
    },
    cleanupPhaseMs: 1000,
    ...options,
  })
  const reportText = await readFile(reportFile, 'utf8')
  const report = JSON.parse(reportText) as RunReport
  return { code, stdout, stderr, report, reportText, result: (id: string) => report.results.find((r) => r.id === id)! }
}
