// The runner against a fake agent over real stdio: the client's file system, a given --cwd
// restored, misbehaviour seen on the wire, an agent that dies at once. (Step timeouts and
// unexpected errors are covered in process by steps.test.ts.)
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FAKE_AGENT, promptCase, runTestSuite } from './test-support/run-test-suite.ts'
import { writeSuite } from './test-support/suite-dir.ts'
import { removeScratch, scratchDir } from './test-support/scratch.ts'

describe('dsh conformance against a fake agent', () => {
  afterAll(removeScratch)

  it('serves confined client fs, restores a given --cwd, and reports each misbehaviour where it happened', async () => {
    const suiteDir = await writeSuite({
      cases: {
        '001-client-fs.json': promptCase(
          'fs requests are served inside the cwd and recorded',
          [
            'write out/new.txt hello there',
            'write keep.txt replaced',
            'read seed.txt',
            'read /etc/hostname',
            'read ../escape.txt',
            'read missing.txt',
          ].join('\n'),
          [
            { check: 'clientFile', op: 'write', path: 'out/new.txt', outcome: 'ok' },
            { check: 'clientFile', op: 'write', path: 'keep.txt', outcome: 'ok' },
            { check: 'clientFile', op: 'read', path: 'seed.txt', outcome: 'ok' },
            { check: 'clientFile', op: 'read', path: 'missing.txt', outcome: 'missing' },
            { check: 'workspaceFile', path: 'out/new.txt', contains: 'hello there' },
            { check: 'workspaceFile', path: 'keep.txt', contains: 'replaced' },
            { check: 'updateText', includes: 'read seed.txt: ok seeded' },
            { check: 'updateText', includes: 'read /etc/hostname: error -32602' },
            { check: 'updateText', includes: 'read ../escape.txt: error -32602' },
            { check: 'updateText', includes: 'read missing.txt: error -32002' },
          ],
          { files: { 'seed.txt': 'seeded' } },
        ),
        '002-misbehave.json': promptCase(
          'updates arrive in time and name their session',
          'misbehave late-update\nhello',
          [
            { check: 'noLateUpdates', prompt: 'p1' },
            { check: 'updatesNameSession', session: 's1', from: 'p2' },
          ],
          {},
          [
            { op: 'sleep', ms: 120 },
            { op: 'prompt', session: 's1', as: 'p2', text: 'misbehave wrong-session\nhello' },
          ],
        ),
      },
    })
    const cwd = await scratchDir('cwd')
    await writeFile(join(cwd, 'keep.txt'), 'original')
    const { code, stdout, report, result } = await runTestSuite({ suiteDir, agentCommand: FAKE_AGENT, cwd })

    expect(result('client-fs')).toMatchObject({ status: 'pass', failures: [] })
    expect(result('misbehave').failures).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^checks\[0\] \(noLateUpdates\): 1 update for the session of steps\[2\] \(prompt ` +
            String.raw`"p1"\) arrived after its response \(agent_message_chunk \+\d+ ms\)`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          String.raw`^checks\[1\] \(updatesNameSession\): 1 of 1 updates from steps\[4\] \(prompt "p2"\) do not ` +
            String.raw`name session s1 \("fake-1"\): #\d+ agent_message_chunk names "not-fake-1"$`,
        ),
      ),
    ])
    // Every agent was stopped and verified gone; the given cwd is as it was.
    expect(report.results.every((r) => r.cleanup?.processesGone)).toBe(true)
    expect((await readdir(cwd)).sort()).toEqual(['keep.txt'])
    expect(await readFile(join(cwd, 'keep.txt'), 'utf8')).toBe('original')
    expect(code).toBe(1)
    expect(report.summary).toMatchObject({ total: 2, passed: 1, failed: 1, requiredFailed: 1 })
    expect(stdout).toMatch(/^ {2}002 +misbehave +required +FAIL +\d/m)
    expect(stdout).toMatch(
      /2 cases in .*: 1 passed, 1 failed \(1 required, 0 optional\), 0 not run: FAIL \(exit 1\)\n$/,
    )
  })

  it('says why when the agent exits at once, quoting its stderr, and launches no later case', async () => {
    const handshake = { spec: ['R1'], steps: [{ op: 'initialize' }], checks: [{ check: 'protocolVersion' }] }
    const suiteDir = await writeSuite({
      cases: {
        '001-handshake.json': { title: 'handshake', ...handshake },
        '002-again.json': { title: 'again', ...handshake },
      },
    })
    const { code, result, report, stdout } = await runTestSuite({
      suiteDir,
      agentCommand: `node -e 'process.stderr.write("agent refuses to start\\n"); process.exit(3)'`,
    })
    expect(code).toBe(1)
    expect(result('handshake').failures).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^steps\[0\] \(initialize\) failed with no code: .*\(the agent process exited with code 3; its ` +
            String.raw`stderr ends with: agent refuses to start\)$`,
        ),
      ),
    ])
    expect(result('handshake').agentStderr).toBe('agent refuses to start\n')
    // One named error instead of every case failing the same way.
    expect(result('again')).toMatchObject({ status: 'not-run', reason: report.stoppedEarly })
    expect(report.stoppedEarly).toMatch(
      /^the agent could not start: in case handshake, the agent process exited with code 3 before answering/,
    )
    expect(report.stoppedEarly).toContain('; its stderr begins:\n    | agent refuses to start\n')
    expect(stdout).toContain('Stopped early: the agent could not start')
    expect(stdout).toContain('Run the --agent-command by hand')
  })

  it('does not say a silent agent exited before answering when it ended only as its stdin closed', async () => {
    const suiteDir = await writeSuite({
      cases: {
        '001-handshake.json': {
          title: 'handshake',
          spec: ['R1'],
          timeouts: { startMs: 500 },
          steps: [{ op: 'initialize' }],
          checks: [{ check: 'protocolVersion' }],
        },
      },
    })
    const { report } = await runTestSuite({ suiteDir, agentCommand: `sh -c 'cat >/dev/null'` })
    expect(report.stoppedEarly).not.toContain('exited with code 0 before answering')
    expect(report.stoppedEarly).toMatch(
      new RegExp(
        '^the agent could not start: in case handshake, timed out after 500 ms waiting for the response to ' +
          String.raw`steps\[0\] \(initialize\) \(startMs\), and the agent had not answered initialize: it was still ` +
          'running, and it exited with code 0 only when the runner closed its stdin; it wrote nothing',
      ),
    )
  })

  it('stops the case of a flooding agent early with a named failure, ' +
    'keeping a bounded stderr head and tail and transcript', async () => {
    const suiteDir = await writeSuite({
      cases: {
        '001-handshake.json': {
          title: 'handshake',
          spec: ['R1'],
          // A minute to answer: the case must stop long before that.
          timeouts: { requestMs: 60_000 },
          steps: [{ op: 'initialize' }],
          checks: [{ check: 'protocolVersion' }],
        },
      },
    })
    const flood = [
      'const update = {sessionUpdate: "agent_message_chunk", content: {type: "text", text: "flood ".repeat(100)}};',
      'const line = JSON.stringify({jsonrpc: "2.0", method: "session/update", params: {sessionId: "x", update}});',
      'const burst = (line + "\\n").repeat(100);',
      'const go = () => { process.stderr.write(burst);',
      'while (process.stdout.write(burst)); process.stdout.once("drain", go) };',
      'go(); process.stdin.resume()',
    ].join(' ')
    const { result } = await runTestSuite({ suiteDir, agentCommand: `node -e '${flood}'` })
    const handshake = result('handshake')
    expect(handshake.failures[0]).toMatch(
      /^flooding: the agent wrote more than 16777216 bytes \(16 MiB\) to stdout in this case \(\d+ messages recorded\)/,
    )
    expect(handshake.durationMs).toBeLessThan(30_000)
    expect(handshake.cleanup?.processesGone).toBe(true)
    // Its start and its end, with a marker for the megabytes between.
    expect(handshake.agentStderr!.length).toBeLessThanOrEqual(3100)
    expect(handshake.agentStderr).toMatch(/\n\[… \d+ bytes of stderr left out …\]\n/)
    // The transcript keeps a bounded start of the flood, and says how much it left out.
    expect(JSON.stringify(handshake.transcript).length).toBeLessThan(2.1 * 1024 * 1024)
    expect(handshake.transcriptLeftOut?.messages).toBeGreaterThan(0)
  }, 60_000)
})
