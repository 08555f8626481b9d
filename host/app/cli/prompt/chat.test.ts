// `dsh chat` without a terminal: lines fed on its input are prompts and approval answers, in order,
// against dsh's own composition with the keyless echo model, booted in this process.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../../lib/package-root.ts'
import { runChat } from './chat.ts'

const scratch = mkdtempSync(join(tmpdir(), 'dsh-chat-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

async function chat(lines: string[]) {
  const input = new PassThrough()
  input.end(lines.map((line) => `${line}\n`).join(''))
  let stdout = ''
  let stderr = ''
  const code = await runChat({
    configFile: packageFile('cordis.yml'),
    patches: [packageFile('overlays', 'echo.cordis.yml')],
    input,
    prompts: new PassThrough(),
    terminal: false,
    cwd: scratch,
    policy: 'ask',
    io: {
      stdout: (text) => {
        stdout += text
      },
      stderr: (text) => {
        stderr += text
      },
      env: { DSH_SESSIONS_ROOT: join(scratch, 'sessions') },
    },
  })
  return { code, stdout, stderr }
}

describe('dsh chat', () => {
  it('runs each line as a turn of one session, asks approvals from the same input, exits 0 at its end', async () => {
    const { code, stdout, stderr } = await chat([
      'hello there',
      '',
      'tool bash {"command":"echo approved"}',
      'y',
      'tool bash {"command":"echo refused"}',
      'n',
      'fail INSUFFICIENT_BALANCE 402 top up',
      'still here',
    ])
    expect(stdout).toBe(
      [
        'hello there',
        'tool bash returned: approved',
        'tool bash failed: Rejected: the user did not allow this call.',
        '',
        '[model error (INSUFFICIENT_BALANCE, HTTP 402): top up]',
        'still here',
        '',
      ].join('\n'),
    )
    expect(stderr).toContain('  tool: bash: echo approved (completed)\n')
    expect(stderr).toContain('  tool: bash: echo refused (failed)\n')
    expect(stderr).toContain(
      'dsh chat: the agent answered with an error: model error INSUFFICIENT_BALANCE (HTTP 402): top up (code -32603)\n',
    )
    expect(code).toBe(0)
  }, 30_000)
})
