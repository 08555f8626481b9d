// `dsh prompt` as a person or a script runs it: the built bin in a child process, dsh's own
// composition with the keyless echo model, stdin not a terminal. And plain `dsh` at a terminal
// (util-linux `script` gives it one) says what it is and points to `dsh chat`.
import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../../lib/package-root.ts'
import { collapseSandboxNote } from '../../../../lib/sandbox/describe.ts'

const run = promisify(execFile)
const scratch = mkdtempSync(join(tmpdir(), 'dsh-prompt-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
const env = { PATH: process.env.PATH, DSH_SESSIONS_ROOT: join(scratch, 'sessions'), NO_COLOR: '1' }
const composition = ['--config', packageFile('cordis.yml'), '--patch', 'echo']

async function prompt(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const dsh = [packageFile('bin', 'dsh.js'), 'prompt', ...composition, ...args]
  try {
    const { stdout, stderr } = await run(process.execPath, dsh, { cwd: scratch, env })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

describe('dsh prompt', () => {
  it('streams the answer to stdout and exits 0 when the turn ends end_turn', async () => {
    expect(await prompt('Say hello in a few words.')).toEqual({
      code: 0,
      stdout: 'Say hello in a few words.\n',
      stderr: '',
    })
  })

  it('shows each tool call on stderr; without a terminal or --yes it rejects approvals and says so', async () => {
    const script = 'tool bash {"command":"echo from bash"}'
    const [allowed, refused] = await Promise.all([prompt('--yes', script), prompt(script)])
    expect(allowed).toEqual({
      code: 0,
      stdout: 'tool bash returned: from bash\n',
      stderr: '  tool: bash: echo from bash (completed)\n',
    })
    expect(refused.stdout).toBe('tool bash failed: Rejected: the user did not allow this call.\n')
    // The question names the sandbox this machine gives the command (docs/sandbox.md).
    expect(collapseSandboxNote(refused.stderr.split(': no answer')[0]!)).toBe(
      'dsh: rejected bash: echo from bash [sandbox: {{sandbox}}]',
    )
    expect(refused.stderr.split(': no answer')[1]).toBe(
      ' (stdin is not a terminal, has ended, or the turn was cancelled); pass --yes to allow tool calls\n' +
        '  tool: bash: echo from bash (failed)\n',
    )
  })

  it('exits non-zero with the stop reason named when the turn does not end end_turn', async () => {
    const [cut, failed] = await Promise.all([prompt('partial\nfinish max-tokens'), prompt('fail RATE_LIMIT')])
    expect(cut).toEqual({
      code: 1,
      stdout: 'partial\n',
      stderr: 'dsh prompt: the turn ended max_tokens (the model reached its output token limit)\n',
    })
    expect(failed.code).toBe(1)
    expect(failed.stderr).toMatch(/^dsh prompt: the agent answered the prompt with an error: model error RATE_LIMIT/)
  })

  it('prints the session/update notifications as JSON lines with --json', async () => {
    const { code, stdout } = await prompt('--json', 'two words')
    const messages = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(code).toBe(0)
    expect(messages.every((message) => message.method === 'session/update')).toBe(true)
    const text = messages
      .map((message) => message.params.update)
      .filter((update) => update.sessionUpdate === 'agent_message_chunk')
      .map((update) => update.content.text)
    expect(text.join('')).toBe('two words')
  })

  it('is a usage error without text, or with --yes and --reject', async () => {
    expect(await prompt()).toMatchObject({ code: 2, stdout: '' })
    expect((await prompt('--yes', '--reject', 'hi')).stderr).toMatch(/^dsh: --yes and --reject contradict/)
  })
})

describe('Ctrl-C', () => {
  it('cancels the running turn of dsh prompt, which exits 130 naming it', async () => {
    const dsh = started('prompt', 'waiting\nsleep forever')
    await dsh.until(() => dsh.stdout.includes('waiting'))
    dsh.child.kill('SIGINT')
    expect(await dsh.exit).toBe(130)
    expect(dsh.stdout).toBe('waiting\n')
    expect(dsh.stderr).toBe(
      'dsh prompt: cancelling the turn (Ctrl-C again exits at once)\n' +
        'dsh prompt: the turn ended cancelled (the turn was cancelled)\n',
    )
  })

  it('cancels the running turn of dsh chat, which goes on with the next line', async () => {
    const dsh = started('chat')
    // Before its listener is in place a SIGINT would end the process.
    await dsh.until(() => dsh.stderr.includes('dsh chat: type a prompt'))
    dsh.child.stdin.write('sleep forever\n')
    // Until the turn has started, a Ctrl-C only reminds that Ctrl-D exits.
    await dsh.until(() => {
      dsh.child.kill('SIGINT')
      return dsh.stderr.includes('dsh chat: cancelling the turn')
    })
    await dsh.until(() => dsh.stderr.includes('dsh chat: the turn ended cancelled'))
    dsh.child.stdin.end('after the cancel\n')
    expect(await dsh.exit).toBe(0)
    expect(dsh.stdout).toBe('after the cancel\n')
  })
})

/** `dsh <command> …` started with piped stdin; `until` polls its output. */
function started(...args: string[]) {
  const child = spawn(process.execPath, [packageFile('bin', 'dsh.js'), args[0]!, ...composition, ...args.slice(1)], {
    cwd: scratch,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const dsh = {
    child,
    stdout: '',
    stderr: '',
    exit: new Promise<number | null>((resolve) => child.on('close', resolve)),
    async until(done: () => boolean) {
      while (!done()) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`dsh ${args[0]} ended early (${child.exitCode ?? child.signalCode}):\n${dsh.stderr}`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    },
  }
  child.stdout.on('data', (chunk) => {
    dsh.stdout += chunk
  })
  child.stderr.on('data', (chunk) => {
    dsh.stderr += chunk
  })
  return dsh
}

describe('dsh at a terminal', () => {
  it('says it speaks ACP on stdio and points to dsh chat; an editor (a pipe) never sees that', async () => {
    const dsh = [process.execPath, packageFile('bin', 'dsh.js'), ...composition]
    // `script` runs dsh on a pseudo-terminal; with its own stdin empty, dsh meets end of input at once.
    const [terminal, piped] = await Promise.all([
      withEmptyStdin('script', ['-qec', dsh.join(' '), '/dev/null']),
      withEmptyStdin(dsh[0]!, dsh.slice(1)),
    ])
    expect(terminal.stdout).toContain('dsh: this is the ACP agent; it speaks JSON-RPC on stdin/stdout for an editor.')
    expect(terminal.stdout).toContain('run `dsh chat`')
    expect(piped).toEqual({ code: 0, stdout: '', stderr: '' })
  })
})

/** Run a command with stdin at end of input (/dev/null); resolves with its exit code and output. */
function withEmptyStdin(
  command: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, { cwd: scratch, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}
