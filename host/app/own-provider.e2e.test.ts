// dsh in a project whose agent uses a provider of its own (issue 35), from the packed tarball: a
// TypeScript provider plugin the project wrote (test-support/provider-project/plugins/my-openai.ts,
// not shipped by dsh), its own entry ids, an OpenAI-compatible server on loopback standing for the
// provider. Recorded live and with --stub through that adapter, then replayed in process, as a
// subprocess, under --jobs 2 and in the project's own vitest; verify-live against the server; the
// scripted stand-in for a provider without a wire; an undeclared adapter refused by name.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../../lib/package-root.ts'
import { startStubEndpoint, textReply, toolCallReply } from '../../lib/model-wire/index.ts'
import { installProject, packDsh, projectEnv, run } from './test-support/packed-project.ts'

const scratch = mkdtempSync(join(tmpdir(), 'dsh-own-provider-'))
const project = join(scratch, 'provider-project')
afterAll(() => rmSync(scratch, { recursive: true, force: true }), 120_000)
const env = projectEnv(scratch)
const KEY = 'sk-user-provider-key-0123456789'

/** `dsh ARGS` in the project; resolves with stdout, stderr and the exit code (never rejects). */
async function dsh(args: string[], extra: NodeJS.ProcessEnv = {}) {
  const bin = join(project, 'node_modules', '.bin', 'dsh')
  const options = { cwd: project, env: { ...env, ...extra }, maxBuffer: 16 * 1024 * 1024 }
  return run(bin, args, options).then(
    ({ stdout, stderr }) => ({ stdout, stderr, code: 0 }),
    (error: { stdout: string; stderr: string; code: number }) => error,
  )
}

const read = (...path: string[]) => readFileSync(join(project, ...path), 'utf8')
const SCENARIOS = ['hello', 'list-files']

/** Every replay host agrees: in process, as a subprocess, two workers, and the project's vitest. */
async function replaysEverywhere(extra: string[] = []) {
  const [inProcess, subprocess, jobs] = await Promise.all([
    dsh(['test', ...extra]),
    dsh(['test', '--subprocess', ...extra]),
    dsh(['test', '--jobs', '2', ...extra]),
  ])
  for (const result of [inProcess, subprocess, jobs])
    expect(result, `${result.stdout}\n${result.stderr}`).toMatchObject({ code: 0, stdout: /2 passed, 0 failed\n$/ })
  const vitest = await run(process.execPath, [join(project, 'node_modules', 'vitest', 'vitest.mjs'), 'run'], {
    cwd: project,
    env,
  }).catch((error) => error)
  expect(vitest.stdout, vitest.stderr).toMatch(/Tests {2}3 passed \(3\)/)
}

beforeAll(async () => {
  const tarball = await packDsh(scratch, env)
  cpSync(join(packageRoot, 'host', 'app', 'test-support', 'provider-project'), project, { recursive: true })
  // tsx loads the project's TypeScript plugins (an optional peer dependency a TypeScript project installs).
  await installProject(project, tarball, env, ['vitest', 'tsx'])
}, 180_000)

describe("a project's own provider, in TypeScript", () => {
  it('records live through it, with its own key; the goldens name its models only', async () => {
    const provider = await startStubEndpoint({
      expectApiKey: KEY,
      script: [
        textReply('Hello, from the live provider.'),
        toolCallReply([{ id: 'call_1', name: 'list_dir', arguments: '{"path":"."}' }]),
        textReply('Nothing here yet.'),
      ],
    })
    try {
      const live = { MY_OPENAI_BASE_URL: provider.url, MY_OPENAI_KEY: KEY }
      const recorded = await dsh(['test', '--mode', 'record'], live)
      expect(recorded, recorded.stderr).toMatchObject({ code: 0 })
      expect(provider.requests.map((request) => request.authorizationMatches)).toEqual([true, true, true])
    } finally {
      await provider.close()
    }
    for (const name of SCENARIOS) {
      expect(read('scenarios', name, 'snapshot.yml')).toMatch(/^recording: live\n/m)
      const golden = read('scenarios', name, 'stdout.golden.jsonl')
      expect(golden).toContain('"options":[{"value":"my-model-large","name":"my-model-large"},')
      expect(golden).toContain('"id":"api-key","name":"API key (key file or environment)"')
      expect(golden).toContain('from ~/.config/dsh/my-openai-key')
      expect(golden.toLowerCase()).not.toContain('deepseek')
      expect(read('scenarios', name, 'session.jsonl')).not.toContain(KEY)
    }
    expect(read('scenarios', 'hello', 'session.jsonl')).toContain('Hello, from the live provider.')
    await replaysEverywhere()
  }, 180_000)

  it('verify-live agrees with the recording against the provider', async () => {
    const provider = await startStubEndpoint({
      expectApiKey: KEY,
      script: [
        textReply('Hi there, in other words.'),
        toolCallReply([{ id: 'call_9', name: 'list_dir', arguments: '{"path":"."}' }]),
        textReply('Still nothing here.'),
      ],
    })
    try {
      const verified = await dsh(['test', '--mode', 'verify-live'], {
        MY_OPENAI_BASE_URL: provider.url,
        MY_OPENAI_KEY: KEY,
      })
      expect(verified, verified.stdout).toMatchObject({ code: 0, stdout: /2 passed, 0 failed\n$/ })
    } finally {
      await provider.close()
    }
  }, 60_000)

  it('records with --stub through the same adapter (the wire), keyless, and replays everywhere', async () => {
    const recorded = await dsh(['test', '--mode', 'record', '--stub'])
    expect(recorded, recorded.stderr).toMatchObject({ code: 0 })
    expect(read('scenarios', 'hello', 'snapshot.yml')).toMatch(/^recording: stub\nstubVia: openai-chat\n/m)
    expect(read('scenarios', 'hello', 'session.jsonl')).toContain('Hello from my own model.')
    await replaysEverywhere()
  }, 180_000)

  it('records a second provider, without a wire, through the scripted stand-in', async () => {
    const bespoke = ['--patch', 'overlays/bespoke.yml']
    const recorded = await dsh(['test', '--mode', 'record', '--stub', ...bespoke])
    expect(recorded, recorded.stderr).toMatchObject({ code: 0 })
    expect(read('scenarios', 'hello', 'snapshot.yml')).toMatch(/^stubVia: openai-chat, stand-in\n/m)
    const golden = read('scenarios', 'hello', 'stdout.golden.jsonl')
    // Two keys, two methods; both providers' models in the picker, the agent on the second one's.
    expect(golden).toContain('"id":"api-key:BESPOKE_KEY"')
    expect(golden).toContain('"id":"api-key:MY_OPENAI_KEY"')
    expect(golden).toContain('"currentValue":"my-model-bespoke"')
    const [inProcess, subprocess] = await Promise.all([
      dsh(['test', ...bespoke]),
      dsh(['test', '--subprocess', ...bespoke]),
    ])
    for (const result of [inProcess, subprocess])
      expect(result, result.stderr).toMatchObject({ code: 0, stdout: /2 passed, 0 failed\n$/ })
  }, 120_000)

  it('refuses to replay beside an adapter that does not say what it is, naming its entry', async () => {
    const refused = await dsh(['test', 'hello', '--patch', 'overlays/undeclared.yml'])
    expect(refused.code).toBe(1)
    // A named error: its message, no stack.
    expect(refused.stderr).not.toMatch(/\n\s+at /)
    expect(refused.stderr).toContain(
      'a model adapter that reaches the network is running: entry "side" (model adapter: side-model, registered ' +
        'without saying whether it reaches the network)',
    )
  }, 60_000)

  it('wrote its fixtures into scenarios/ only', () => {
    expect(readdirSync(join(project, 'scenarios', 'hello')).sort()).toEqual([
      'input.json',
      'model.yml',
      'session.jsonl',
      'snapshot.yml',
      'stdout.golden.jsonl',
      'system-prompt.expected.md',
      'tool-schemas.expected.json',
    ])
  })
})
