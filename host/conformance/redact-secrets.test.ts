// Leak 8 of issue 43: a key given as a word of --agent-command, or printed by the agent, must not
// reach the runner's stdout, stderr or report. Checked on the real runner with a real agent process.
import { readFile } from 'node:fs/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { redactAgentCommand, redactCommandMessage } from './redact-secrets.ts'
import { runConformance } from './run.ts'
import { promptCase, runTestSuite } from './test-support/run-test-suite.ts'
import { removeScratch } from './test-support/scratch.ts'
import { writeSuite } from './test-support/suite-dir.ts'

const KEY = 'sk-0123456789abcdefABCDEF0123456789'
const SHORT = 'hunter2-not-a-pattern'

describe('redactAgentCommand', () => {
  it('hides the values of secret-looking environment words and keeps the rest runnable', () => {
    expect(redactAgentCommand(`DEEPSEEK_API_KEY=${SHORT} GH_TOKEN=x DSH_SESSIONS_ROOT=/tmp/s node bin/dsh.js`)).toBe(
      'DEEPSEEK_API_KEY=[redacted] GH_TOKEN=[redacted] DSH_SESSIONS_ROOT=/tmp/s node bin/dsh.js',
    )
    expect(redactAgentCommand(`DB_PASSWORD='a b' sh -c 'echo hi'`)).toBe(`DB_PASSWORD=[redacted] sh -c 'echo hi'`)
    // Not an environment word (after the program): only the scan applies.
    expect(redactAgentCommand(`agent --key ${KEY}`)).toBe('agent --key [redacted: api-key]')
    expect(redactAgentCommand('node bin/dsh.js --patch echo')).toBe('node bin/dsh.js --patch echo')
  })

  it('redacts a line that does not split, as its refusal quotes it', () => {
    expect(redactAgentCommand(`API_KEY=${SHORT} agent | tee x`)).toBe('API_KEY=[redacted] agent | tee x')
    expect(redactCommandMessage(`said ${KEY}.`)).toBe('said [redacted: api-key].')
  })
})

describe('dsh conformance with a key in the agent command', () => {
  afterAll(removeScratch)

  it('prints and writes no key: not the command, not the agent stderr, not a refusal', async () => {
    const suiteDir = await writeSuite({
      cases: {
        '001-hello.json': promptCase('hello', 'hello', [{ check: 'stopReason', prompt: 'p1', in: ['end_turn'] }]),
      },
    })
    // The agent prints both keys on stderr and exits before answering: the stop line quotes its stderr.
    const echo = `sh -c 'echo "boot: key $DEEPSEEK_API_KEY / $OTHER" >&2; exit 3'`
    const agentCommand = `DEEPSEEK_API_KEY=${SHORT} OTHER=${KEY} ${echo}`
    const run = await runTestSuite({ suiteDir, agentCommand })
    expect(run.code).toBe(1)
    const written = JSON.stringify(run.report)
    expect(run.report.agentCommand).toBe(
      `DEEPSEEK_API_KEY=[redacted] OTHER=[redacted: api-key] sh -c 'echo "boot: key $DEEPSEEK_API_KEY / $OTHER" >&2; ` +
        `exit 3'`,
    )
    expect(run.report.stoppedEarly).toContain('[redacted: api-key]')
    for (const output of [written, run.stdout, run.stderr]) {
      expect(output).not.toContain(KEY)
      expect(output).not.toContain(`DEEPSEEK_API_KEY=${SHORT}`)
    }
    // The agent's own stderr names the short key by value: that one is the agent's to keep out of its logs.
    expect(run.result('hello').agentStderr).toContain(`boot: key ${SHORT} / [redacted: api-key]`)

    let refusal = ''
    await runConformance({
      agentCommand: `DEEPSEEK_API_KEY=${SHORT} agent | tee log`,
      profile: 'test',
      caseIds: [],
      permissionMode: 'approve-all',
      format: 'text',
      suiteDir,
      env: process.env,
      stdout: () => {},
      stderr: () => {},
    }).catch((error: Error) => {
      refusal = error.message
    })
    expect(refusal).toContain('needs a shell')
    expect(refusal).not.toContain(SHORT)
    expect(await readFile(`${suiteDir}/SPEC.md`, 'utf8')).toContain('R1')
  })
})
