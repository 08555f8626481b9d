// Item 23 of issue 43: an agent that writes outside its cwd, emits invalid UTF-8 or answers one
// request twice used to pass its case. Each now fails it by name; real agent processes.
import { afterAll, describe, expect, it } from 'vitest'
import { FAKE_AGENT, promptCase, runTestSuite } from './test-support/run-test-suite.ts'
import { removeScratch } from './test-support/scratch.ts'
import { writeSuite } from './test-support/suite-dir.ts'

/** Answers initialize by hand: twice (`twice`), or with a Latin-1 byte in a string (`latin1`). */
const RAW_AGENT = `
const mode = process.argv[1]
let buffer = ""
process.stdin.on("data", (chunk) => {
  buffer += chunk
  for (let i = buffer.indexOf("\\n"); i >= 0; i = buffer.indexOf("\\n")) {
    const message = JSON.parse(buffer.slice(0, i))
    buffer = buffer.slice(i + 1)
    if (message.method !== "initialize") continue
    const result = { protocolVersion: 1, agentCapabilities: {}, authMethods: [], agentInfo: { name: "caf\\u00e9" } }
    const line = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }) + "\\n")
    const latin1 = () =>
      Buffer.from(line.toString().replace("\\u00e9", "\\u0000"), "latin1").map((b) => (b === 0 ? 0xe9 : b))
    if (mode === "latin1") process.stdout.write(latin1())
    else process.stdout.write(Buffer.concat([line, line]))
  }
})
`

const handshake = (title: string) => ({
  title,
  spec: ['R1'],
  steps: [{ op: 'initialize' }],
  checks: [{ check: 'protocolVersion' }],
})

describe('agent faults that used to pass', () => {
  afterAll(removeScratch)

  it('fails a case whose agent writes outside the cwd, by request or on its own', async () => {
    const suiteDir = await writeSuite({
      cases: {
        '001-inside.json': promptCase('writes inside', 'write in.txt ok\ndisk-write own.txt ok', [
          { check: 'workspaceFile', path: 'in.txt', contains: 'ok' },
        ]),
        '002-outside.json': promptCase('writes outside', 'write ../asked.txt x\ndisk-write ../beside.txt x', [
          { check: 'updateText', includes: 'disk-write ../beside.txt: ok' },
        ]),
      },
    })
    const { result } = await runTestSuite({ suiteDir, agentCommand: FAKE_AGENT })
    expect(result('inside')).toMatchObject({ status: 'pass', failures: [] })
    expect(result('outside').status).toBe('fail')
    expect(result('outside').failures).toEqual([
      expect.stringMatching(
        new RegExp(
          '^the agent asked to write outside the session cwd: ' +
            String.raw`fs/write_text_file "/.*/asked\.txt" \(refused with -32602\)`,
        ),
      ),
      expect.stringMatching(
        /^the agent wrote outside the session cwd: \/.*\/beside\.txt appeared beside the cwd \/.*\/cwd\. An agent must/,
      ),
    ])
  })

  it('fails a case whose agent answers one request twice, or writes bytes that are not UTF-8', async () => {
    const suiteDir = await writeSuite({ cases: { '001-handshake.json': handshake('handshake') } })
    const twice = await runTestSuite({ suiteDir, agentCommand: `node -e '${RAW_AGENT}' twice` })
    expect(twice.result('handshake').failures).toEqual([
      expect.stringMatching(
        /^the agent answered request id \d+ \(initialize\) 2 times \(wire #\d+, #\d+\); JSON-RPC allows one response/,
      ),
    ])
    const latin1 = await runTestSuite({ suiteDir, agentCommand: `node -e '${RAW_AGENT}' latin1` })
    expect(latin1.result('handshake').failures[0]).toMatch(
      /^agent wrote invalid UTF-8 to stdout: byte 0xe9 at byte \d+ of line 1 of its output/,
    )
  })
})
