// The runner against an ACP agent that is not dsh (test-support/foreign-agent.mjs), as the agents
// of the issue 42 trial were: one that needs authentication, one that colours its stderr and hides
// the cause of an error in its data, one without session/resume or dsh's models and modes.
import { afterAll, describe, expect, it } from 'vitest'
import { FOREIGN_AGENT, promptCase, runTestSuite } from './test-support/run-test-suite.ts'
import { removeScratch } from './test-support/scratch.ts'
import { writeSuite } from './test-support/suite-dir.ts'

const ESC = '\u001b'

describe('dsh conformance against a foreign agent', () => {
  afterAll(removeScratch)

  const threeCases = () =>
    writeSuite({
      cases: Object.fromEntries(
        ['one', 'two', 'three'].map((id, i) => [
          `00${i + 1}-${id}.json`,
          promptCase(id, 'hello', [{ check: 'stopReason', prompt: 'p1', in: ['end_turn'] }]),
        ]),
      ),
    })

  it('stops at the first case of an agent that needs auth, naming its methods and --authenticate', async () => {
    const started = Date.now()
    const { code, report, result, stdout } = await runTestSuite({
      suiteDir: await threeCases(),
      agentCommand: `${FOREIGN_AGENT} --auth`,
    })
    expect(code).toBe(1)
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(result('one').status).toBe('fail')
    // The failure speaks to the user, not to a case author.
    expect(result('one').failures[0]).toContain('the agent asks for authentication (auth_required)')
    expect(result('one').failures[0]).not.toContain('"check": "error"')
    expect(report.stoppedEarly).toMatch(
      new RegExp(
        String.raw`^the agent needs authentication: in case one, steps\[1\] \(newSession "s1"\) failed with ` +
          String.raw`-32000: Authentication required \(data: \{"hint":"authenticate first"\}\); it advertises 2 auth ` +
          String.raw`methods: "token" \(Token: set FOREIGN_TOKEN in the environment\), "browser" \(Browser login\)\. ` +
          String.raw`Later cases would fail the same way, so none was launched\. Run again with --authenticate ` +
          String.raw`METHOD \(token or browser\)`,
      ),
    )
    expect(report.authMethods?.map((m) => m.id)).toEqual(['token', 'browser'])
    expect([result('two').status, result('three').status]).toEqual(['not-run', 'not-run'])
    expect(stdout).toContain('Stopped early: the agent needs authentication')
  })

  it('--authenticate sends the method after initialize in every case', async () => {
    const { code, report } = await runTestSuite({
      suiteDir: await threeCases(),
      agentCommand: `FOREIGN_TOKEN=t0k ${FOREIGN_AGENT} --auth`,
      authenticate: 'token',
    })
    expect(report.results.map((r) => r.status)).toEqual(['pass', 'pass', 'pass'])
    expect(code).toBe(0)
    expect(report.authenticate).toBe('token')
    for (const r of report.results) {
      const methods = r.transcript!.filter((e) => e.dir === 'to-agent' && 'method' in e.message)
      expect(methods.slice(0, 3).map((e) => e.message.method)).toEqual(['initialize', 'authenticate', 'session/new'])
    }
  })

  it('stops early, with the error data, when the agent refuses --authenticate', async () => {
    const { report, reportText } = await runTestSuite({
      suiteDir: await threeCases(),
      agentCommand: `${FOREIGN_AGENT} --auth`,
      authenticate: 'browser',
    })
    expect(report.stoppedEarly).toMatch(
      new RegExp(
        '^the agent refused --authenticate browser: in case one, authenticate failed with -32603: ' +
          String.raw`Internal error \(data: \{"details":"no browser on this machine"\}\)`,
      ),
    )
    expect(reportText).not.toContain('\\u001b')
  })

  it(
    'shows error data, the head and tail of stderr without terminal ' +
      'codes, judges what it can and says what it could not',
    async () => {
      const suiteDir = await writeSuite({
        cases: {
          '001-masked.json': promptCase(
            'a failed step does not hide the checks it does not touch',
            'fail',
            [
              { check: 'protocolVersion' },
              { check: 'advertised', path: 'agentCapabilities.loadSession', equals: true },
              { check: 'stopReason', prompt: 'p2', in: ['end_turn'] },
              { check: 'updateCount', kind: 'tool_call', min: 0, max: 0 },
            ],
            {},
            [{ op: 'prompt', session: 's1', as: 'p2', text: 'hello again' }],
          ),
        },
      })
      const { report, reportText, result, stdout } = await runTestSuite({
        suiteDir,
        agentCommand: `${FOREIGN_AGENT} --ansi`,
      })
      const masked = result('masked')
      expect(masked.failures).toEqual([
        expect.stringMatching(
          new RegExp(
            String.raw`^steps\[2\] \(prompt "p1" .*\) failed with -32603: ` +
              String.raw`Internal error \(data: \{"details":"model quota exceeded"\}\); `,
          ),
        ),
        "checks[1] (advertised): initialize's result has false at agentCapabilities.loadSession; expected true",
      ])
      expect(masked.notReached).toEqual([
        {
          check: 'checks[2] (stopReason)',
          reason:
            'not judged: it needs steps[3] (prompt "p2") to finish, and the case stopped at steps[2] (prompt "p1") ' +
            '(see the failure above)',
        },
        {
          check: 'checks[3] (updateCount)',
          reason:
            'not judged: it looks at the whole case, and the case stopped at steps[2] (prompt "p1") ' +
            '(see the failure above)',
        },
      ])
      // The decisive first line survives the noise after it; the gap is marked.
      expect(masked.agentStderr).toMatch(/^FATAL: the decisive first line\n/)
      expect(masked.agentStderr).toMatch(/\n\[… \d+ bytes of stderr left out …\]\n/)
      expect(masked.agentStderr).toMatch(/noise line 60 \.+\n$/)
      expect(stdout).toContain('      | FATAL: the decisive first line\n')
      expect(stdout).toContain('    ? checks[2] (stopReason) not judged: it needs steps[3]')
      // No terminal code reaches stdout or the report, the agent's own or in its messages' data.
      expect(stdout).not.toContain(ESC)
      expect(reportText).not.toContain(ESC)
      expect(reportText).not.toContain('\\u001b')
      // The wire transcript: every message each way, with direction and time.
      const transcript = masked.transcript!
      expect(new Set(transcript.map((e) => e.dir))).toEqual(new Set(['to-agent', 'from-agent']))
      expect(transcript.map((e) => e.atMs)).toEqual([...transcript.map((e) => e.atMs)].sort((a, b) => a - b))
      const prompt = transcript.find((e) => e.message.method === 'session/prompt')!
      const answer = transcript.find((e) => e.dir === 'from-agent' && e.message.id === prompt.message.id)!
      expect(answer.message.error).toEqual({
        code: -32603,
        message: 'Internal error',
        data: { details: 'model quota exceeded' },
      })
      expect(report.summary).toMatchObject({ total: 1, failed: 1 })
    },
  )

  it('runs the shipped capability cases by what the agent offers: not applicable, or judged per ACP', async () => {
    const caseIds = [
      'auth-resume-close',
      'config-options',
      'config-options-older-client',
      'config-option-errors',
      'session-delete-logout',
    ]
    const { code, result, stdout } = await runTestSuite({ profile: 'dsh', caseIds, agentCommand: FOREIGN_AGENT })
    expect(result('auth-resume-close')).toMatchObject({
      status: 'not-applicable',
      reason: expect.stringContaining(
        'does not advertise authMethods.0, agentCapabilities.sessionCapabilities.resume, ' +
          'agentCapabilities.sessionCapabilities.close at initialize',
      ),
    })
    expect(result('session-delete-logout').status).toBe('not-applicable')
    expect(result('config-options-older-client')).toMatchObject({
      status: 'not-applicable',
      reason: expect.stringContaining('does not implement session/set_model'),
    })
    // Its own options ("brain", "tone"), set with no config_option_update: the response is the state.
    expect(result('config-options')).toMatchObject({ status: 'pass', failures: [] })
    expect(result('config-option-errors')).toMatchObject({ status: 'pass', failures: [] })
    expect(code).toBe(0)
    expect(stdout).toMatch(/5 cases in .*: 2 passed, 0 failed, 0 not run, 3 not applicable: PASS \(exit 0\)/)
  })

  it('fails check 130 for an agent whose set_config_option response lacks the full state', async () => {
    const { result } = await runTestSuite({
      profile: 'dsh',
      caseIds: ['config-options'],
      agentCommand: `${FOREIGN_AGENT} --bare-config-reply`,
    })
    expect(result('config-options').failures[0]).toMatch(
      new RegExp(
        String.raw`^checks\[0\] \(configOptionResponse\): steps\[2\] \(switchConfigOption "model"\) answered \{\}; ` +
          'ACP\'s response carries "configOptions"',
      ),
    )
  })
})
