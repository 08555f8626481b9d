// Record against the live provider for real, without the internet: a loopback "provider"
// (test-support/fake-provider.ts) speaks each wire and accepts only the real key; a tiny ACP agent
// (test-support/wire-agent.mjs) holds the dummy one. `dsh test --mode record` (no --stub) goes
// through the recording proxy; the written recording then replays green twice with the provider gone.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../app/test-support/run-cli.ts'
import { type ProviderWire, startFakeProvider } from './test-support/fake-provider.ts'

const KEY = 'fk-9Qz7XwL2vRt4Np8Ks3Jd6Hm1'
const AGENT = join(import.meta.dirname, 'test-support', 'wire-agent.mjs')
const roots: string[] = []
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

const steps = (text: string) => [
  { op: 'initialize' },
  { op: 'newSession', as: 's1' },
  { op: 'prompt', session: 's1', text },
]

function project(wire: ProviderWire): string {
  const root = mkdtempSync(join(tmpdir(), `dsh-live-${wire}-`))
  roots.push(root)
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  write('scenarios/hello/input.json', JSON.stringify({ steps: steps('Say hello.') }))
  write(
    'scenarios/read-notes/input.json',
    JSON.stringify({ steps: steps('Read notes.txt'), permissions: ['allow_once'] }),
  )
  write('scenarios/read-notes/workspace/notes.txt', 'buy milk\n')
  write(
    'wire-agent.yml',
    [
      'name: wire-agent',
      `command: ${process.execPath} ${AGENT}`,
      `wire: ${wire}`,
      'env:',
      '  WIRE_AGENT_URL: "{{modelUrl}}"',
      '  WIRE_AGENT_KEY: dsh-dummy-key',
      `  WIRE_AGENT_WIRE: ${wire}`,
      'upstream: https://provider.invalid',
      'keyEnv: FAKE_PROVIDER_KEY',
    ].join('\n'),
  )
  return root
}

const dshTest = async (root: string, env: NodeJS.ProcessEnv, ...args: string[]) => {
  const run = await runCli(['test', '--root', root, '--agent-preset', 'wire-agent.yml', '--format', 'json', ...args], {
    env,
  })
  const report = JSON.parse(run.stdout || '{}') as { ok: boolean; scenarios: Array<Record<string, any>> }
  return { ...run, report }
}
const summary = (report: { scenarios: Array<Record<string, any>> }) =>
  report.scenarios.map(({ scenario, ok, failures }) => ({ scenario, ok, failures }))

// Six agent runs each (a record and two replays of two scenarios): give a busy machine time.
describe.each(['gemini', 'openai-chat', 'anthropic-messages'] as const)(
  'record against the live %s wire',
  {
    timeout: 120_000,
  },
  (wire) => {
    it('proxies with the real key, records the exchanges, and the recording replays green twice', async () => {
      const root = project(wire)
      const provider = await startFakeProvider(wire, KEY)
      const recorded = await dshTest(
        root,
        { FAKE_PROVIDER_KEY: KEY },
        '--mode',
        'record',
        '--upstream',
        provider.url,
        '--jobs',
        '2',
      )
      await provider.close()
      const failures = recorded.report.scenarios.flatMap((scenario) => scenario.failures)
      expect({ code: recorded.code, failures, scenarios: summary(recorded.report) }).toMatchObject({
        failures: [],
        code: 0,
        scenarios: [
          { scenario: 'hello', ok: true },
          { scenario: 'read-notes', ok: true },
        ],
      })
      // hello asks once; read-notes asks, runs the tool the user allows, asks again.
      expect(provider.seen).toHaveLength(3)
      const expectedKey = wire === 'openai-chat' ? `Bearer ${KEY}` : KEY
      expect(provider.seen.map((seen) => [seen.key, seen.dummy])).toEqual(Array(3).fill([expectedKey, false]))

      const file = (name: string, fixture: string) => readFileSync(join(root, 'scenarios', name, fixture), 'utf8')
      const hello = JSON.parse(file('hello', 'model.recording.json'))
      expect(hello).toMatchObject({ version: 1, source: 'live', exchanges: [{ wire }] })
      expect(hello.exchanges[0].answer.reply.text).toBe('Hello from the provider.')
      expect(hello.exchanges[0].request.system).toBe('You are wire-agent, working in {{cwd}}.')
      const notes = JSON.parse(file('read-notes', 'model.recording.json'))
      expect(notes.exchanges.map((e: any) => Object.keys(e.answer.reply).sort())).toEqual([
        expect.arrayContaining(['toolCalls']),
        expect.arrayContaining(['text']),
      ])
      expect(notes.exchanges[0].answer.reply.toolCalls[0].arguments).toBe('{"path":"{{cwd}}/notes.txt"}')
      expect(notes.exchanges[1].request.messages.at(-1).toolResults[0].output).toContain('buy milk')
      expect(file('hello', 'stdout.golden.jsonl')).toContain('provider.')
      expect(file('read-notes', 'stdout.golden.jsonl')).toContain('session/request_permission')
      for (const name of ['hello', 'read-notes'])
        for (const fixture of ['model.recording.json', 'stdout.golden.jsonl']) {
          expect(file(name, fixture)).not.toContain(KEY)
          expect(file(name, fixture)).not.toContain(tmpdir())
        }

      // The provider is gone: replay answers from the recording alone, the same way twice.
      const first = await dshTest(root, {}, '--jobs', '2')
      const second = await dshTest(root, {})
      expect(summary(first.report)).toEqual([
        { scenario: 'hello', ok: true, failures: [] },
        { scenario: 'read-notes', ok: true, failures: [] },
      ])
      expect(summary(second.report)).toEqual(summary(first.report))
      expect([first.code, second.code]).toEqual([0, 0])
    })
  },
)

describe('record against the live provider: what goes wrong is named, and nothing is written', {
  timeout: 60_000,
}, () => {
  it('refuses to start without the key variable, naming it; --upstream is for live record only', async () => {
    const root = project('gemini')
    const { code, stderr } = await dshTest(root, {}, '--mode', 'record', '--upstream', 'http://127.0.0.1:9')
    expect(code).not.toBe(0)
    expect(stderr).toMatch(
      /FAKE_PROVIDER_KEY is not set: record against http:\/\/127\.0\.0\.1:9 reads the provider key/,
    )
    const stub = await dshTest(root, {}, '--mode', 'record', '--stub', '--upstream', 'http://127.0.0.1:9')
    expect(stub.code).toBe(2)
    expect(stub.stderr).toMatch(/--upstream names where record without --stub proxies to; give it with --mode record/)
  })

  it('a provider refusing the key fails the scenario with its status and first bytes', async () => {
    const root = project('openai-chat')
    const provider = await startFakeProvider('openai-chat', KEY)
    const run = await dshTest(
      root,
      { FAKE_PROVIDER_KEY: 'wrong-key' },
      '--mode',
      'record',
      '--upstream',
      provider.url,
      'hello',
    )
    await provider.close()
    expect(run.code).toBe(1)
    const failure = run.report.scenarios[0]!.failures.find((f: { kind: string }) => f.kind === 'recording')
    expect(failure).toMatchObject({ kind: 'recording', upstream: 'UPSTREAM_HTTP_ERROR' })
    expect(failure.message).toMatch(/upstream answered HTTP 401; its body begins: \{"error".*API key not valid/)
    expect(existsSync(join(root, 'scenarios', 'hello', 'model.recording.json'))).toBe(false)
  })

  it('a secret in the exchange refuses the write', async () => {
    const root = project('anthropic-messages')
    const token = ` ghp_${'a1B2c3D4e5F6g7H8i9J0'.repeat(2).slice(0, 36)}`
    const provider = await startFakeProvider('anthropic-messages', KEY, token)
    const run = await dshTest(root, { FAKE_PROVIDER_KEY: KEY }, '--mode', 'record', '--upstream', provider.url, 'hello')
    await provider.close()
    expect(run.code).toBe(1)
    expect(run.report.scenarios[0]!.failures[0]).toMatchObject({ kind: 'secret' })
    expect(existsSync(join(root, 'scenarios', 'hello', 'model.recording.json'))).toBe(false)
    expect(existsSync(join(root, 'scenarios', 'hello', 'stdout.golden.jsonl'))).toBe(false)
  })
})
