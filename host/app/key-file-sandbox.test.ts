// issue 39: an approved bash command in a session opened in $HOME cannot read dsh's key file, the
// session logs or the agent's environment: the real dsh, the key at the README's default path.
// Under sandbox.mode required, a machine with a sandbox denies the reads and one without refuses
// the call (forced here too, with a PATH that has no bwrap); the key reaches no update and no log.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, expect, it } from 'vitest'
import { detectSandbox } from '../../lib/sandbox/detect.ts'
import { cleanupDshProcesses, openSession, repoRoot, startDsh } from './test-support/dsh-process.ts'

const SENTINEL = 'sk-sentinel-key-0123456789abcdef'
const homes: string[] = []
afterEach(async () => {
  await cleanupDshProcesses()
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true })
})

/** A home folder holding the key at the default path and the sessions root; dsh runs in it, sandbox required. */
function home(): { home: string; sessions: string; overlay: string } {
  const home = mkdtempSync(join(tmpdir(), 'dsh-home-'))
  homes.push(home)
  mkdirSync(join(home, '.config', 'dsh'), { recursive: true })
  writeFileSync(join(home, '.config', 'dsh', 'deepseek-api-key'), `${SENTINEL}\n`, { mode: 0o600 })
  const overlay = join(home, 'required.cordis.yml')
  writeFileSync(overlay, '- id: tools\n  config:\n    sandbox: { mode: required }\n')
  mkdirSync(join(home, '.local', 'state', 'dsh', 'sessions'), { recursive: true })
  return { home, sessions: join(home, '.local', 'state', 'dsh', 'sessions'), overlay }
}

const COMMAND =
  'cat .config/dsh/deepseek-api-key; cat .local/state/dsh/sessions/*.jsonl | head -c 300; ' +
  'tr "\\0" "\\n" < /proc/$PPID/environ | grep -c DEEPSEEK'

async function runCat(PATH: string | undefined) {
  const { home: cwd, sessions, overlay } = home()
  const dsh = startDsh(cwd, sessions, {
    patches: [join(repoRoot, 'overlays', 'echo.cordis.yml'), overlay],
    env: { HOME: cwd, PATH, DEEPSEEK_API_KEY: SENTINEL },
  })
  const sessionId = await openSession(dsh.rpc, cwd)
  await dsh.rpc.request(acp.methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: 'text', text: `tool bash ${JSON.stringify({ command: COMMAND })}` }],
  })
  const log = readFileSync(join(sessions, `${sessionId}.jsonl`), 'utf8')
  const result = log
    .split('\n')
    .filter((line) => line.includes('"tool/result"'))
    .map((line) => JSON.parse(line).data)[0]
  return { log, result, updates: JSON.stringify(dsh.updates) }
}

it('cannot read the key file, the session logs or the agent environment (cwd = $HOME)', async () => {
  const tier = await detectSandbox()
  const { log, result, updates } = await runCat(process.env.PATH)
  expect(log).not.toContain(SENTINEL)
  expect(updates).not.toContain(SENTINEL)
  if (tier.available) {
    expect(result.output).toMatch(/^cat: \.config\/dsh\/deepseek-api-key: Permission denied\n/)
    expect(result.output).toMatch(/\.local\/state\/dsh\/sessions\/\*\.jsonl'?: Permission denied\n/)
    // $PPID is the sandbox's own init: its environment is the command's, without the agent's key.
    expect(result.output).toMatch(/\n0\n/)
    expect(result.sandbox).toMatchObject({ run: 'sandboxed' })
  } else {
    expect(result.output).toMatch(/^Refused: the sandbox is required/)
  }
})

it('required, on a PATH without bwrap (forced): refused with the reason and the fix, nothing read', async () => {
  const bin = mkdtempSync(join(tmpdir(), 'dsh-no-bwrap-'))
  homes.push(bin)
  symlinkSync('/bin/bash', join(bin, 'bash'))
  const { log, result, updates } = await runCat(bin)
  expect(log).not.toContain(SENTINEL)
  expect(updates).not.toContain(SENTINEL)
  expect(result).toMatchObject({
    isError: true,
    output: expect.stringMatching(/^Refused: .* bubblewrap is not installed \(no bwrap on PATH\)\. To fix it: /),
    sandbox: { mode: 'required', run: 'refused', why: 'no-bwrap' },
  })
})
