import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createBashTool } from './bash.ts'
import { ToolsConfig } from './config.ts'
import { isRunning, makeWorkspace, type Workspace } from './test-support/workspace.ts'

const bashConfig = (overrides: Partial<ToolsConfig['bash']> = {}) => ({ ...ToolsConfig.parse({}).bash, ...overrides })

let workspace: Workspace
beforeEach(async () => {
  workspace = await makeWorkspace()
})
afterEach(() => workspace.cleanup())

/** Polls until `file` lists `count` pids (the command writes them before it blocks). */
async function readPids(file: string, count: number): Promise<number[]> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const pids = await readFile(file, 'utf8').then(
      (text) => text.split('\n').filter(Boolean).map(Number),
      () => [],
    )
    if (pids.length >= count) return pids
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`${file} never listed ${count} pids`)
}

/** The one pid `file` lists. */
async function readPid(file: string): Promise<number> {
  const [pid] = await readPids(file, 1)
  if (pid === undefined) throw new Error(`${file} listed no pid`)
  return pid
}

// The shell, a background sleep, and a background subshell with its own child.
const SPAWN_TREE =
  'sleep 30 & echo $! >> pids; (sleep 30; true) & echo $! >> pids; echo $$ >> pids; echo started; sleep 30'

describe('bash tool', () => {
  it('runs in the cwd and returns stdout and stderr in write order', async () => {
    const tool = createBashTool(bashConfig())
    const result = await tool.run({ command: 'echo one; echo two >&2; echo three; pwd' }, workspace.context())
    expect(result).toEqual({ output: `one\ntwo\nthree\n${workspace.cwd}\n`, isError: false })
  })

  it('says when there is no output', async () => {
    const result = await createBashTool(bashConfig()).run({ command: 'true' }, workspace.context())
    expect(result).toEqual({ output: '(no output)', isError: false })
  })

  it('reports a non-zero exit as an error with the code last', async () => {
    const tool = createBashTool(bashConfig())
    expect(await tool.run({ command: 'echo failing; exit 3' }, workspace.context())).toEqual({
      output: 'failing\n[exit code 3]',
      isError: true,
    })
    expect(await tool.run({ command: 'exit 1' }, workspace.context())).toEqual({
      output: '(no output)\n[exit code 1]',
      isError: true,
    })
  })

  it('names bash as $0 and reports a missing command like a shell does', async () => {
    const result = await createBashTool(bashConfig()).run({ command: 'no-such-command-xyz' }, workspace.context())
    expect(result).toEqual({
      output: 'bash: line 1: no-such-command-xyz: command not found\n[exit code 127]',
      isError: true,
    })
  })

  it('reports death by signal', async () => {
    const result = await createBashTool(bashConfig()).run({ command: 'kill -KILL $$' }, workspace.context())
    expect(result).toEqual({ output: '(no output)\n[killed by signal SIGKILL]', isError: true })
  })

  it('truncates long output in the middle with a marker', async () => {
    const tool = createBashTool(bashConfig({ maxOutputBytes: 20 }))
    const result = await tool.run({ command: 'for i in $(seq 1 100); do echo "line $i"; done' }, workspace.context())
    // seq 1..100 as "line N\n" is 9*7 + 90*8 + 9 = 792 bytes; 10 kept at each end.
    expect(result).toEqual({
      output: 'line 1\nlin\n[output truncated: 772 bytes omitted]\n\nline 100\n',
      isError: false,
    })
  })

  it('rejects missing or empty commands with an error result naming the argument', async () => {
    const tool = createBashTool(bashConfig())
    expect(await tool.run({}, workspace.context())).toEqual({
      output: 'Invalid arguments for bash: "command" is required.',
      isError: true,
    })
    expect(await tool.run({ command: '' }, workspace.context())).toEqual({
      output: 'Invalid arguments for bash: "command" must not be empty.',
      isError: true,
    })
    expect(await tool.run({ command: 42 }, workspace.context())).toEqual({
      output: 'Invalid arguments for bash: "command" must be a string.',
      isError: true,
    })
  })

  it('passes only allowlisted variables, never the agent key, and sets HOME to the cwd', async () => {
    const parentEnv = {
      PATH: process.env.PATH,
      LANG: 'C.UTF-8',
      DEEPSEEK_API_KEY: 'sk-secret',
      OTHER_SECRET: 'x',
      HOME: '/root',
    }
    const tool = createBashTool(bashConfig(), () => parentEnv)
    const result = await tool.run(
      { command: 'env | grep -v "^_=" | grep -v "^SHLVL=" | grep -v "^PWD=" | sort' },
      workspace.context(),
    )
    // DSH_TOOL_CALL: the per-call marker, a fresh UUID (docs/tools.md, "Kill semantics").
    expect(result).toEqual({
      output: expect.stringMatching(
        new RegExp(`^DSH_TOOL_CALL=[0-9a-f-]{36}\nHOME=${workspace.cwd}\nLANG=C\\.UTF-8\nPATH=`),
      ),
      isError: false,
    })
    expect(result.output.endsWith(`PATH=${process.env.PATH}\n`)).toBe(true)
  })

  it('does not leak a secret set in the real process environment', async () => {
    process.env.DSH_TEST_SECRET = 'hunter2'
    process.env.DEEPSEEK_API_KEY ??= 'sk-test'
    try {
      const result = await createBashTool(bashConfig()).run(
        { command: 'echo "[$DSH_TEST_SECRET][$DEEPSEEK_API_KEY]"' },
        workspace.context(),
      )
      expect(result.output).toBe('[][]\n')
    } finally {
      delete process.env.DSH_TEST_SECRET
    }
  })

  it('on timeout kills the whole process group and says so', async () => {
    const tool = createBashTool(bashConfig({ timeoutMs: 1000, killGraceMs: 200 }))
    const result = await tool.run({ command: SPAWN_TREE }, workspace.context())
    expect(result).toEqual({
      output: 'started\n[timed out after 1000 ms; the command and its background processes were killed]',
      isError: true,
    })
    const pids = await readPids(path.join(workspace.cwd, 'pids'), 3)
    for (const pid of pids) expect(isRunning(pid), `pid ${pid}`).toBe(false)
  })

  it('escalates to SIGKILL when the group ignores SIGTERM', async () => {
    const tool = createBashTool(bashConfig({ timeoutMs: 1000, killGraceMs: 300 }))
    // An ignored signal stays ignored in children, so every process survives SIGTERM.
    const started = Date.now()
    const result = await tool.run({ command: `trap '' TERM; ${SPAWN_TREE}` }, workspace.context())
    // The grace period is the behaviour under test: SIGKILL must not come before timeoutMs + killGraceMs.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000 + 300 - 20)
    expect(result.isError).toBe(true)
    expect(result.output).toMatch(/\[timed out after 1000 ms; /)
    const pids = await readPids(path.join(workspace.cwd, 'pids'), 3)
    for (const pid of pids) expect(isRunning(pid), `pid ${pid}`).toBe(false)
  })

  it('on cancel kills the shell and its background children', async () => {
    const tool = createBashTool(bashConfig({ killGraceMs: 200 }))
    const controller = new AbortController()
    const running = tool.run({ command: SPAWN_TREE }, workspace.context(controller.signal))
    const pids = await readPids(path.join(workspace.cwd, 'pids'), 3)
    for (const pid of pids) expect(isRunning(pid), `pid ${pid} before cancel`).toBe(true)
    controller.abort()
    expect(await running).toEqual({
      output: 'started\n[cancelled; the command and its background processes were killed]',
      isError: true,
    })
    for (const pid of pids) expect(isRunning(pid), `pid ${pid}`).toBe(false)
  })

  it('does not start at all when already cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    const result = await createBashTool(bashConfig()).run(
      { command: 'echo ran > ran' },
      workspace.context(controller.signal),
    )
    expect(result).toEqual({
      output: '(no output)\n[cancelled; the command and its background processes were killed]',
      isError: true,
    })
    await expect(readFile(path.join(workspace.cwd, 'ran'))).rejects.toThrow()
  })

  it('sweeps background processes the shell leaves behind when it exits', async () => {
    const tool = createBashTool(bashConfig({ killGraceMs: 200 }))
    const result = await tool.run(
      { command: 'sleep 30 >/dev/null 2>&1 & echo $! > pids; echo done' },
      workspace.context(),
    )
    expect(result).toEqual({ output: 'done\n', isError: false })
    const pid = await readPid(path.join(workspace.cwd, 'pids'))
    expect(isRunning(pid)).toBe(false)
  })

  it('sweeps a TERM-ignoring background process that let go of the output pipe', async () => {
    const tool = createBashTool(bashConfig({ killGraceMs: 200 }))
    const result = await tool.run(
      { command: `trap '' TERM; sleep 30 >/dev/null 2>&1 & echo $! > pids; echo done` },
      workspace.context(),
    )
    expect(result).toEqual({ output: 'done\n', isError: false })
    // The pipe closed when the shell exited; the result waited for the group: the survivor of SIGTERM is already gone.
    const pid = await readPid(path.join(workspace.cwd, 'pids'))
    expect(isRunning(pid)).toBe(false)
  })

  it('reports a shell that cannot start', async () => {
    const result = await createBashTool(bashConfig()).run(
      { command: 'true' },
      { cwd: path.join(workspace.cwd, 'missing'), signal: new AbortController().signal },
    )
    expect(result).toEqual({ output: '[failed to start bash: ENOENT]', isError: true })
  })

  it('titles the call with the first line of the command', () => {
    const tool = createBashTool(bashConfig())
    expect(tool.title({ command: 'ls -la' })).toBe('bash: ls -la')
    expect(tool.title({ command: 'cd src\nls' })).toBe('bash: cd src…')
    expect(tool.title({ command: '\n  make test\n' })).toBe('bash: make test')
    expect(tool.title({ command: 'x'.repeat(100) })).toBe(`bash: ${'x'.repeat(80)}…`)
    expect(tool.title({})).toBe('bash')
  })
})
