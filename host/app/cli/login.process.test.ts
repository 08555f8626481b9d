// `dsh login` as a real subprocess, the key piped to its stdin (issue 38 item 5): it writes the key
// file of the composed adapter 0600 and atomically, for any adapter with a key, and no output of it
// ever holds the key.
import { spawn, spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { withTimeout } from '../../../lib/with-timeout.ts'
import { packageRoot } from '../../../lib/package-root.ts'

const DSH = path.join(packageRoot, 'bin', 'dsh.js')
const KEY = 'sk-login-test-0123456789'
const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true })
})

function scratch() {
  const base = fs.mkdtempSync(path.join(tmpdir(), 'dsh-login-'))
  folders.push(base)
  const cwd = path.join(base, 'project')
  fs.mkdirSync(cwd)
  return { base, cwd, keys: path.join(base, 'config', 'dsh') }
}

function login(cwd: string, base: string, args: string[], input: string, env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, [DSH, ...args], {
    cwd,
    input,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: base, XDG_CONFIG_HOME: path.join(base, 'config'), ...env },
    timeout: 30_000,
  })
  expect(`${run.stdout}${run.stderr}`).not.toContain(KEY)
  return run
}

/** util-linux `script` gives dsh a terminal (a pty), so the raw-mode read is what runs. */
const hasScript = spawnSync('script', ['--version']).status === 0

/** `dsh login` at a terminal: types `keys` once the question is shown; all the terminal showed. */
async function loginAtTerminal(
  cwd: string,
  base: string,
  keys: string,
): Promise<{ code: number | null; shown: string }> {
  const env = { PATH: process.env.PATH ?? '', HOME: base, XDG_CONFIG_HOME: path.join(base, 'config'), TERM: 'dumb' }
  const child = spawn('script', ['-qfec', `${process.execPath} ${DSH} login`, '/dev/null'], { cwd, env })
  let shown = ''
  let typed = false
  child.stdout.on('data', (data: Buffer) => {
    shown += data.toString('utf8')
    // Typed only once dsh asked: what a pty gets before raw mode is on, it would echo.
    if (!typed && shown.includes('(not shown): ')) {
      typed = true
      child.stdin.write(keys)
    }
  })
  const code = await withTimeout(
    new Promise<number | null>((resolve) => child.on('exit', resolve)),
    30_000,
    'dsh login at a terminal to exit',
  )
  return { code, shown }
}

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8)

/** A composition of three OpenAI-compatible entries: two keys, and a keyless local server. */
function threeProviders(cwd: string): string {
  const plugin = (name: string) => path.join(packageRoot, 'plugins', name)
  const file = path.join(cwd, 'cordis.yml')
  fs.writeFileSync(
    file,
    [
      `- { id: llm, name: ${plugin('llm')} }`,
      `- { id: openai, name: ${plugin('llm-openai')}, config: { preset: openai, models: [gpt-x] } }`,
      `- { id: router, name: ${plugin('llm-openai')}, config: { preset: openrouter, models: [r-x] } }`,
      `- { id: local, name: ${plugin('llm-openai')}, config: { preset: ollama, models: [llama] } }`,
      '',
    ].join('\n'),
  )
  return file
}

describe('dsh login', () => {
  it("writes the default composition's key file 0600, replacing an older one, and prints no key", () => {
    const { base, cwd, keys } = scratch()
    fs.mkdirSync(keys, { recursive: true })
    const file = path.join(keys, 'deepseek-api-key')
    fs.writeFileSync(file, 'sk-old\n', { mode: 0o644 })
    const run = login(cwd, base, ['login'], `${KEY}\nsecond line\n`)
    expect(run.status).toBe(0)
    expect(run.stdout).toBe(`dsh login: wrote the DeepSeek API key to ${file} (mode 0600)\n`)
    expect(fs.readFileSync(file, 'utf8')).toBe(`${KEY}\n`)
    expect(mode(file)).toBe('600')
    // Atomic: the temp file beside it was renamed over it, nothing else is left.
    expect(fs.readdirSync(keys)).toEqual(['deepseek-api-key'])
  })

  it.skipIf(!hasScript)('reads the key at a terminal without echoing it, erasing with backspace', async () => {
    const { base, cwd, keys } = scratch()
    const { code, shown } = await loginAtTerminal(cwd, base, `${KEY}x\u007f\r`)
    expect(code).toBe(0)
    expect(shown).not.toContain(KEY)
    expect(shown).not.toContain('*')
    expect(shown).toContain('dsh login: wrote the DeepSeek API key to ')
    expect(fs.readFileSync(path.join(keys, 'deepseek-api-key'), 'utf8')).toBe(`${KEY}\n`)
  })

  it('writes the key of the adapter --env names, also when ACP terminal auth appends login to serve', () => {
    const { base, cwd, keys } = scratch()
    const config = threeProviders(cwd)
    const several = login(cwd, base, ['login'], `${KEY}\n`)
    expect(several.status).toBe(2)
    expect(several.stderr).toContain(
      'composes 2 API keys; choose one with --env OPENAI_API_KEY (OpenAI), --env OPENROUTER_API_KEY (OpenRouter)',
    )
    const run = login(cwd, base, ['serve', '--config', config, 'login', '--env', 'OPENROUTER_API_KEY'], `${KEY}\n`, {
      OPENROUTER_API_KEY: 'set-elsewhere',
    })
    expect(run.status).toBe(0)
    expect(run.stderr).toContain('OPENROUTER_API_KEY is set in this environment and wins over the key file')
    expect(fs.readdirSync(keys)).toEqual(['openrouter-api-key'])
    expect(fs.readFileSync(path.join(keys, 'openrouter-api-key'), 'utf8')).toBe(`${KEY}\n`)
    expect(mode(path.join(keys, 'openrouter-api-key'))).toBe('600')
  })

  it('writes the file a …_KEY_FILE variable names, as the adapter reads it', () => {
    const { base, cwd } = scratch()
    threeProviders(cwd)
    const named = path.join(base, 'elsewhere', 'openai.key')
    const run = login(cwd, base, ['login', '--env', 'OPENAI_API_KEY'], `${KEY}\n`, { OPENAI_API_KEY_FILE: named })
    expect(run.status).toBe(0)
    expect(fs.readFileSync(named, 'utf8')).toBe(`${KEY}\n`)
    expect(mode(named)).toBe('600')
  })

  it('refuses a keyless composition naming it, an empty input, a key with spaces, an unloadable entry', () => {
    const { base, cwd, keys } = scratch()
    const keyless = login(cwd, base, ['login', '--patch', 'echo'], `${KEY}\n`)
    expect(keyless.status).toBe(1)
    expect(keyless.stderr).toMatch(/dsh: no enabled model adapter of .*cordis\.yml --patch .*echo\.cordis\.yml needs/)
    const empty = login(cwd, base, ['login'], '')
    expect(empty.status).toBe(1)
    expect(empty.stderr).toContain('no key was given (the input ended or was cancelled); nothing was written')
    const spaced = login(cwd, base, ['login'], `${KEY} ${KEY}\n`)
    expect(spaced.status).toBe(1)
    expect(spaced.stderr).toContain('the key contains spaces or non-printable characters; nothing was written')
    const broken = path.join(cwd, 'broken.yml')
    fs.writeFileSync(
      broken,
      `- { id: llm, name: ${path.join(packageRoot, 'plugins', 'llm')} }\n- { id: mine, name: ./nope }\n`,
    )
    const unloadable = login(cwd, base, ['login', '--config', broken], `${KEY}\n`)
    expect(unloadable.status).toBe(1)
    expect(unloadable.stderr).toContain('dsh: entry "mine": cannot resolve module "./nope"')
    expect(fs.existsSync(keys)).toBe(false)
  })

  it('says which file it could not write, leaving it as it was', () => {
    const { base, cwd } = scratch()
    const folder = path.join(base, 'a-folder')
    fs.mkdirSync(path.join(folder, 'inside'), { recursive: true })
    const run = login(cwd, base, ['login'], `${KEY}\n`, { DEEPSEEK_API_KEY_FILE: folder })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(`dsh: could not write ${folder}: `)
    expect(run.stderr).toContain('the file is unchanged. Fix the path (or name another with DEEPSEEK_API_KEY_FILE)')
    expect(fs.readdirSync(base).sort()).toEqual(['a-folder', 'project'])
  })
})
