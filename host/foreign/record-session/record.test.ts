// Import with tool calls (issue 42 item 3): an editor's session with a file read the user approves,
// the agent's model proxied to a loopback fake provider, becomes a scenario whose model.yml holds
// the model's own tool call (its path as {{cwd}}) and whose workspace/ holds the file the call
// named; recorded with --stub and the same preset, it replays green twice.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { PassThrough } from 'node:stream'
import { afterAll, expect, test } from 'vitest'
import { loadPreset } from '../presets.ts'
import { runCli } from '../../app/test-support/run-cli.ts'
import { startFakeProvider } from '../test-support/fake-provider.ts'
import { recordSession } from './record.ts'

const KEY = 'fk-Zq8Lw3Rt7Yp2Nx6Vb4Hs9Kd1'
const AGENT = join(import.meta.dirname, '..', 'test-support', 'wire-agent.mjs')
const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
const temp = (label: string) => {
  const dir = mkdtempSync(join(tmpdir(), label))
  dirs.push(dir)
  return dir
}

/** The editor's side: sends requests, answers the permission request with "allow", waits for each result. */
function editor() {
  const input = new PassThrough()
  const output = new PassThrough()
  const waiting = new Map<number, (result: unknown) => void>()
  createInterface({ input: output }).on('line', (line) => {
    const message = JSON.parse(line) as { id?: number; method?: string; result?: unknown }
    const allow = { outcome: { outcome: 'selected', optionId: 'allow' } }
    if (message.method === 'session/request_permission')
      input.write(`${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: allow })}\n`)
    else if (message.id !== undefined && !message.method) waiting.get(message.id)?.(message.result)
  })
  let id = 0
  const request = (method: string, params: unknown) =>
    new Promise<any>((resolve) => {
      waiting.set(++id, resolve)
      input.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`)
    })
  return { streams: { input, output }, request, close: () => input.end() }
}

test('a session with an approved file read imports with its tool call and workspace, and replays', {
  timeout: 120_000,
}, async () => {
  const root = temp('dsh-import-root-')
  const project = temp('dsh-import-project-')
  writeFileSync(join(project, 'notes.txt'), 'buy milk\n')
  writeFileSync(
    join(root, 'wire-agent.yml'),
    [
      'name: wire-agent',
      `command: ${process.execPath} ${AGENT}`,
      'wire: gemini',
      'env: { WIRE_AGENT_URL: "{{modelUrl}}", WIRE_AGENT_KEY: dsh-dummy-key, WIRE_AGENT_WIRE: gemini }',
      'upstream: https://provider.invalid',
      'keyEnv: FAKE_PROVIDER_KEY',
    ].join('\n'),
  )
  mkdirSync(join(root, 'scenarios'))
  const provider = await startFakeProvider('gemini', KEY)
  const session = editor()
  const recording = recordSession({
    root,
    name: 'read-notes',
    command: { command: process.execPath, args: [AGENT], env: {} },
    preset: loadPreset('wire-agent.yml', root),
    upstream: provider.url,
    editor: session.streams,
    env: { PATH: process.env.PATH, FAKE_PROVIDER_KEY: KEY },
    cwd: project,
  })
  await session.request('initialize', { protocolVersion: 1 })
  const { sessionId } = await session.request('session/new', { cwd: project, mcpServers: [] })
  expect(
    await session.request('session/prompt', { sessionId, prompt: [{ type: 'text', text: 'Read notes.txt' }] }),
  ).toEqual({ stopReason: 'end_turn' })
  session.close()
  const { written } = await recording
  await provider.close()
  expect(provider.seen.map((seen) => [seen.key, seen.dummy])).toEqual([
    [KEY, false],
    [KEY, false],
  ])
  expect(written).toEqual([
    'scenarios/read-notes/input.json',
    'scenarios/read-notes/model.yml',
    'scenarios/read-notes/workspace/notes.txt',
  ])
  const file = (path: string) => readFileSync(join(root, 'scenarios', 'read-notes', path), 'utf8')
  expect(JSON.parse(file('input.json')).permissions).toEqual(['allow_once'])
  expect(file('workspace/notes.txt')).toBe('buy milk\n')
  const model = file('model.yml')
  expect(model).toContain(
    '"toolCalls":[{"id":"call_1","name":"read_file","arguments":"{\\"path\\":\\"{{cwd}}/notes.txt\\"}"}]',
  )
  expect(model).toContain('"text":"notes.txt says: buy milk."')
  expect(model).not.toContain(project)
  expect(model).not.toContain(KEY)

  const dsh = async (...args: string[]) => {
    const run = await runCli(['test', '--root', root, '--agent-preset', 'wire-agent.yml', '--format', 'json', ...args])
    const report = JSON.parse(run.stdout) as { scenarios: Array<{ ok: boolean; failures: unknown[] }> }
    return { code: run.code, scenarios: report.scenarios.map(({ ok, failures }) => ({ ok, failures })) }
  }
  const green = { code: 0, scenarios: [{ ok: true, failures: [] }] }
  expect(await dsh('--mode', 'record', '--stub')).toEqual(green)
  const golden = file('stdout.golden.jsonl')
  expect(golden).toContain('"locations":[{"path":"{{cwd}}/notes.txt"}]')
  expect(golden).toContain('"method":"session/request_permission"')
  // The model's answer streams in the pieces the provider sent it in.
  expect(golden).toContain('"text":"notes.txt says: "')
  expect(await dsh()).toEqual(green)
  expect(await dsh()).toEqual(green)
})
