import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createBashTool } from './bash.ts'
import type { BashConfig } from './config.ts'
import { fakeTerminals, type FakeTerminals } from './test-support/terminal.ts'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'
import type { ToolDisplay } from './types.ts'

let workspace: Workspace
let terminals: FakeTerminals
beforeEach(async () => {
  workspace = await makeWorkspace()
  terminals = fakeTerminals(workspace.cwd)
})
afterEach(async () => {
  await terminals.host.releaseAll()
  await workspace.cleanup()
})

const config = (overrides: Partial<BashConfig> = {}): BashConfig => ({
  timeoutMs: 20_000,
  maxOutputBytes: 1024,
  killGraceMs: 100,
  envAllowlist: ['PATH'],
  ...overrides,
})

function run(command: string, options: { config?: BashConfig; signal?: AbortSignal } = {}) {
  const updates: ToolDisplay[] = []
  const tool = createBashTool(options.config ?? config(), () => ({ PATH: process.env.PATH, SECRET: 'x' }))
  const result = tool.run(
    { command },
    { ...workspace.context(options.signal), client: terminals.access, update: (display) => updates.push(display) },
  )
  return { result, updates }
}

describe('bash in the editor terminal', () => {
  it('creates a terminal, embeds it, waits, reads the output and releases it', async () => {
    const { result, updates } = run('echo out; echo err >&2; exit 3')
    expect(await result).toEqual({
      output: 'out\nerr\n[exit code 3]',
      isError: true,
      display: { terminalId: 'term-1' },
    })
    expect(updates).toEqual([{ terminalId: 'term-1' }])
    expect(terminals.calls).toEqual(['create term-1', 'wait_for_exit term-1', 'output term-1', 'release term-1'])
    expect(terminals.host.open()).toEqual([])
  })

  it("runs the command line itself in the cwd, adding only HOME to the editor's environment", async () => {
    await run('true').result
    expect(terminals.requests).toEqual([
      {
        command: 'bash',
        args: ['--noprofile', '--norc', '-c', 'true'],
        cwd: workspace.cwd,
        env: [{ name: 'HOME', value: workspace.cwd }],
        outputByteLimit: 1024,
      },
    ])
    const keepHome = createBashTool(config({ envAllowlist: ['PATH', 'HOME'] }), () => ({}))
    await keepHome.run({ command: 'true' }, { ...workspace.context(), client: terminals.access })
    expect(terminals.requests[1]?.env).toEqual([])
  })

  it('kills the terminal on cancel and still releases it', async () => {
    const controller = new AbortController()
    const { result, updates } = run('sleep 30', { signal: controller.signal })
    await until(() => updates.length === 1)
    controller.abort()
    expect(await result).toEqual({
      output: '(no output)\n[cancelled; the command and its background processes were killed]',
      isError: true,
      display: { terminalId: 'term-1' },
    })
    expect(terminals.calls).toEqual([
      'create term-1',
      'wait_for_exit term-1',
      'kill term-1',
      'output term-1',
      'release term-1',
    ])
  })

  it('kills the terminal at the timeout', async () => {
    const { result } = run('echo started; sleep 30', { config: config({ timeoutMs: 300 }) })
    expect((await result).output).toBe(
      'started\n[timed out after 300 ms; the command and its background processes were killed]',
    )
    expect(terminals.calls).toContain('kill term-1')
  })

  it('marks output the editor cut from the beginning', async () => {
    const { result } = run('printf "%0100d" 0; echo; echo tail-end', { config: config({ maxOutputBytes: 20 }) })
    const { output } = await result
    expect(output).toMatch(/^\[output truncated: the editor's terminal kept only the end\]\n0+\ntail-end\n$/)
  })

  it('starts nothing when already cancelled, and reports a terminal the editor refused', async () => {
    const controller = new AbortController()
    controller.abort()
    expect((await run('echo x', { signal: controller.signal }).result).isError).toBe(true)
    expect(terminals.calls).toEqual([])
    const refusing = createBashTool(config(), () => ({}))
    const result = await refusing.run(
      { command: 'echo x' },
      { ...workspace.context(), client: { createTerminal: () => Promise.reject(new Error('no terminals here')) } },
    )
    expect(result).toEqual({
      output: "[failed to start bash: the editor's terminal failed: no terminals here]",
      isError: true,
    })
  })
})

async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5))
}
