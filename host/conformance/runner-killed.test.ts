// Orphan 11 of issue 43: `dsh conformance` killed outright (SIGKILL, no cleanup at all) must not
// leave its agent running, even one that ignores stdin EOF and SIGTERM, nor a daemon the agent
// started in a session of its own (found by the case marker). Real processes, a real kill -9.
import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { signalGroup } from '../../lib/process/group.ts'
import { waitGroupGone } from '../../lib/process/liveness.ts'
import { removeScratch, scratchDir } from './test-support/scratch.ts'
import { writeSuite } from './test-support/suite-dir.ts'

const groups: number[] = []

afterAll(async () => {
  for (const pgid of groups.splice(0)) signalGroup(pgid, 'SIGKILL')
  await removeScratch()
})

/** Ignores SIGTERM and EOF, never answers, starts a `sleep` in a session of its own, and names both pids. */
const STUBBORN_AGENT = `
const { spawn } = require('node:child_process')
const { writeFileSync } = require('node:fs')
process.on('SIGTERM', () => {})
process.stdin.resume()
process.stdin.on('end', () => {})
setInterval(() => {}, 1000)
const daemon = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' })
daemon.unref()
writeFileSync(process.env.PIDS_FILE, JSON.stringify({ agent: process.pid, daemon: daemon.pid }))
`

/** The runner in a process of its own (from source, through tsx), so that it can be SIGKILLed. */
const RUNNER = `
import { runConformance } from './host/conformance/run.ts'
const [suiteDir, agentCommand] = process.argv.slice(-2)
await runConformance({
  agentCommand, profile: 'test', caseIds: [], permissionMode: 'approve-all', format: 'text', suiteDir,
  env: process.env, stdout: () => {}, stderr: (t) => process.stderr.write(t),
})
`

async function pidsWritten(file: string): Promise<{ agent: number; daemon: number }> {
  for (let i = 0; i < 1500; i++) {
    const text = await readFile(file, 'utf8').catch(() => '')
    if (text) return JSON.parse(text)
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`timed out waiting for the agent to write its pids to ${file}`)
}

it('a SIGKILLed runner takes a stubborn agent and its escaped daemon with it', async () => {
  const suiteDir = await writeSuite({
    cases: {
      '001-hang.json': {
        title: 'never answers',
        spec: ['R1'],
        timeouts: { startMs: 120_000 },
        steps: [{ op: 'initialize' }],
        checks: [{ check: 'protocolVersion' }],
      },
    },
  })
  const pidsFile = join(await scratchDir('pids'), 'pids.json')
  const agentCommand = `PIDS_FILE=${pidsFile} node -e '${STUBBORN_AGENT.replaceAll("'", '"')}'`
  const runner = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', RUNNER, suiteDir, agentCommand],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  runner.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  const { agent, daemon } = await pidsWritten(pidsFile).catch((error: Error) => {
    runner.kill('SIGKILL')
    throw new Error(`${error.message}; runner stderr: ${stderr}`)
  })
  // Both lead groups of their own (the agent is started detached, the daemon with setsid).
  groups.push(agent, daemon)
  expect(await waitGroupGone(agent, { timeoutMs: 200 })).toBe(false)
  runner.kill('SIGKILL')
  expect(await waitGroupGone(agent, { timeoutMs: 10_000 }), 'the agent outlived the killed runner').toBe(true)
  expect(await waitGroupGone(daemon, { timeoutMs: 10_000 }), "the agent's daemon outlived the killed runner").toBe(true)
}, 60_000)
