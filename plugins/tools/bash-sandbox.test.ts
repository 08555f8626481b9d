// issue 39: bash in the sandbox. Each test checks the confinement where this machine has a tier
// (bubblewrap here; CI installs it) and the named fallback where it does not; none is skipped.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SandboxConfig } from '../../lib/sandbox/config.ts'
import { createBashTool } from './bash.ts'
import { ToolsConfig } from './config.ts'
import { loopbackServer, machineTier, processesWithArg } from './test-support/sandbox.ts'
import { fakeTerminals } from './test-support/terminal.ts'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'

const defaults = ToolsConfig.parse({})
const bashWith = (sandbox: Partial<SandboxConfig> = {}, env: () => NodeJS.ProcessEnv = () => process.env) =>
  createBashTool(defaults.bash, env, { config: { ...defaults.sandbox, ...sandbox } })

let workspace: Workspace
beforeEach(async () => {
  workspace = await makeWorkspace()
})
afterEach(() => workspace.cleanup())

/** Where this machine has no tier, a preferred call runs unconfined: its record names why. */
const fallback = machineTier.available ? undefined : { run: 'unsandboxed', why: machineTier.reason }

describe('bash in the sandbox (the named fallback where this machine has none)', () => {
  it('writes in the cwd, not outside it, and says the sandbox may be the cause', async () => {
    // Outside the cwd and outside /tmp (the sandbox's /tmp is its own: the host's is not even seen there).
    const outside = mkdtempSync('/var/tmp/dsh-outside-')
    const target = path.join(outside, 'planted')
    const result = await bashWith().run(
      { command: `echo in > inside.txt && echo out > ${target}` },
      workspace.context(),
    )
    expect(readFileSync(path.join(workspace.cwd, 'inside.txt'), 'utf8')).toBe('in\n')
    const planted = existsSync(target)
    rmSync(outside, { recursive: true })
    if (fallback) {
      expect(result).toMatchObject({ output: '(no output)', isError: false, sandbox: fallback })
      return
    }
    expect(planted).toBe(false)
    expect(result.isError).toBe(true)
    expect(result.output).toMatch(/Read-only file system\n\[exit code 1\]\n\[the sandbox may have caused this/)
    expect(result.sandbox).toMatchObject({
      subject: 'bash',
      run: 'sandboxed',
      tier: machineTier.available && machineTier.kind,
    })
  })

  it('cannot read a denied folder or file, the key folder included; a private /tmp', async () => {
    const home = path.join(workspace.cwd, 'home')
    mkdirSync(path.join(home, '.config', 'dsh'), { recursive: true })
    writeFileSync(path.join(home, '.config', 'dsh', 'deepseek-api-key'), 'sk-sentinel\n')
    writeFileSync(path.join(home, '.netrc'), 'machine x password hunter2\n')
    const context = { ...workspace.context(), hidden: [path.join(home, '.config', 'dsh')] }
    const hostTemp = mkdtempSync('/tmp/dsh-host-temp-')
    const command =
      'cat home/.config/dsh/deepseek-api-key; cat home/.netrc; ls home/.config/dsh; ' +
      `test -e ${hostTemp} && echo shared /tmp`
    // required: where there is no sandbox, the call is refused and nothing is read either.
    const bash = bashWith({ mode: 'required', denyRead: [path.join(home, '.netrc')] })
    const result = await bash.run({ command }, context)
    expect(result.output).not.toContain('sk-sentinel')
    expect(result.output).not.toContain('hunter2')
    if (fallback) {
      expect(result.output).toMatch(/^Refused: the sandbox is required/)
      return
    }
    expect(result.output.match(/Permission denied/g)).toHaveLength(3)
    expect(result.output).not.toContain('shared /tmp')
    rmSync(hostTemp, { recursive: true })
  })

  it('runs with its own /proc: dsh and its environment are not there', async () => {
    const command = `test -e /proc/${process.pid}/environ && echo visible; ls /proc | grep -c '^[0-9]'`
    const result = await bashWith({ mode: 'required' }).run({ command }, workspace.context())
    if (fallback) {
      expect(result.output).toMatch(/^Refused: the sandbox is required/)
      return
    }
    expect(result.output).not.toContain('visible')
    expect(Number(result.output.trim())).toBeLessThan(10)
  })

  it('reaches a loopback server only with the network allowed', async () => {
    const { port, server } = await loopbackServer()
    try {
      const command = `exec 3<>/dev/tcp/127.0.0.1/${port} && cat <&3`
      const closed = await bashWith().run({ command }, workspace.context())
      const open = await bashWith({ network: true }).run({ command }, workspace.context())
      expect(open).toMatchObject({ output: 'pong\n', isError: false })
      if (fallback) {
        expect(closed).toMatchObject({ output: 'pong\n', sandbox: fallback })
        return
      }
      expect(closed.output).toMatch(/Connection refused/)
      expect(closed.output).toMatch(/has no network/)
      expect(open.sandbox).toMatchObject({ run: 'sandboxed', network: true })
    } finally {
      server.close()
    }
  })

  it('ends a setsid daemon, and a double-forked one, with the call', async () => {
    const token = `dsh-daemon-${process.pid}-${Date.now()}`
    const command = [
      `setsid bash -c 'exec -a ${token}-a sleep 60' >/dev/null 2>&1 </dev/null &`,
      `( setsid bash -c 'exec -a ${token}-b sleep 61' >/dev/null 2>&1 </dev/null & ) &`,
      `until pgrep -f ${token}-b >/dev/null && pgrep -f ${token}-a >/dev/null; do sleep 0.01; done; echo started`,
    ].join('\n')
    // Confined: the sandbox's PID namespace ends them; unconfined: the call's marker sweep does.
    const result = await bashWith().run({ command }, workspace.context())
    expect(result).toMatchObject({ output: 'started\n', isError: false, sandbox: fallback ?? { run: 'sandboxed' } })
    expect(processesWithArg(token)).toEqual([])
  })

  it('binds a cwd given through a symlink at both spellings, and starts where an unconfined run starts', async () => {
    const link = path.join(workspace.outside, 'link')
    symlinkSync(workspace.cwd, link)
    const command = `pwd; echo ok > via-link; cat ${link}/via-link`
    const result = await bashWith().run({ command }, { ...workspace.context(), cwd: link })
    expect(result.output).toBe(`${realpathSync(workspace.cwd)}\nok\n`)
    expect(readFileSync(path.join(workspace.cwd, 'via-link'), 'utf8')).toBe('ok\n')
  })

  it('an approved rerun outside the sandbox is not confined, and is recorded as such', async () => {
    const target = path.join(workspace.outside, 'escalated')
    const result = await bashWith().run({ command: `echo out > ${target}`, unsandboxed: true }, workspace.context())
    expect(result).toMatchObject({ output: '(no output)', isError: false })
    expect(readFileSync(target, 'utf8')).toBe('out\n')
    expect(result.sandbox).toMatchObject(fallback ?? { run: 'unsandboxed', why: 'escalated' })
  })

  it('under required, refuses a rerun outside, sandbox or not', async () => {
    const bash = bashWith({ mode: 'required' })
    const result = await bash.run({ command: 'true', unsandboxed: true }, workspace.context())
    expect(result).toMatchObject({ isError: true, sandbox: { run: 'refused', why: 'escalation-required' } })
    expect(result.output).toMatch(/^Refused: the sandbox is required here .* so no command runs outside it/)
  })
})

describe("bash in the editor's terminal", () => {
  it('runs the launcher there: confined, with only its own environment (the fallback: bash, unconfined)', async () => {
    const terminals = fakeTerminals(workspace.cwd, { EDITOR_SECRET: 'hunter2' })
    try {
      const context = { ...workspace.context(), client: terminals.access }
      const command = 'echo in > inside.txt; env | grep -c EDITOR_SECRET; touch /etc/dsh-terminal-probe'
      const result = await bashWith().run({ command }, context)
      expect(result.display).toEqual({ terminalId: 'term-1' })
      expect(terminals.requests[0]).toMatchObject({ cwd: workspace.cwd })
      expect(readFileSync(path.join(workspace.cwd, 'inside.txt'), 'utf8')).toBe('in\n')
      if (fallback) {
        expect(terminals.requests[0]).toMatchObject({ command: 'bash' })
        expect(result.sandbox).toMatchObject(fallback)
        return
      }
      expect(terminals.requests[0]!.command).toBe(machineTier.available && machineTier.command)
      expect(result.output).toMatch(/^0\ntouch: cannot touch '\/etc\/dsh-terminal-probe': Read-only file system\n/)
      expect(result.sandbox).toMatchObject({ run: 'sandboxed' })
    } finally {
      await terminals.host.releaseAll()
    }
  })
})

describe('bash without bwrap on PATH (forced)', () => {
  const pathWithBashOnly = () => {
    const bin = path.join(workspace.outside, 'bin')
    mkdirSync(bin)
    for (const tool of ['bash', 'cat', 'sh']) symlinkSync(`/bin/${tool}`, path.join(bin, tool))
    return () => ({ PATH: bin })
  }

  it('required refuses, naming the missing bwrap and how to install it', async () => {
    const result = await bashWith({ mode: 'required' }, pathWithBashOnly()).run(
      { command: 'echo hi' },
      workspace.context(),
    )
    expect(result).toMatchObject({
      output:
        'Refused: the sandbox is required (tools entry, sandbox.mode: required), and it cannot run on this ' +
        'machine: bubblewrap is not installed (no bwrap on PATH). To fix it: install it: apt-get install ' +
        'bubblewrap (Debian, Ubuntu), dnf install bubblewrap (Fedora); or set sandbox.mode to preferred (run ' +
        'unconfined, saying so) or off.',
      isError: true,
      sandbox: { subject: 'bash', mode: 'required', run: 'refused', why: 'no-bwrap' },
    })
  })

  it('preferred runs unconfined, and the approval says so and why', async () => {
    const bash = bashWith({}, pathWithBashOnly())
    expect(await bash.approvalTitle!({ command: 'echo hi' }, workspace.context())).toBe(
      'bash: echo hi [sandbox: none here, so the command runs UNSANDBOXED, with your whole account: bubblewrap ' +
        'is not installed (no bwrap on PATH)]',
    )
    const result = await bash.run({ command: 'echo hi' }, workspace.context())
    expect(result).toMatchObject({ output: 'hi\n', sandbox: { run: 'unsandboxed', why: 'no-bwrap' } })
  })
})

describe('what the approval and the model are told', () => {
  it('the approval names the sandbox or its absence; a rerun outside has its own scope', async () => {
    const bash = bashWith()
    const title = await bash.approvalTitle!({ command: 'ls' }, workspace.context())
    if (machineTier.available) expect(title).toMatch(/^bash: ls \[sandbox: \w+; writes only the working directory/)
    else expect(title).toMatch(/^bash: ls \[sandbox: none here, so the command runs UNSANDBOXED/)
    expect(bash.approvalScope!({ command: 'ls' })).toBe('bash')
    expect(bash.approvalScope!({ command: 'ls', unsandboxed: true })).toBe('bash:unsandboxed')
  })

  it('offers the rerun argument only when a sandbox is configured', () => {
    expect(Object.keys(bashWith().parameters.properties as object)).toEqual(['command', 'unsandboxed'])
    expect(Object.keys(bashWith({ mode: 'off' }).parameters.properties as object)).toEqual(['command'])
    expect(bashWith().description).toMatch(/Where the machine has a sandbox, the command runs in it/)
  })

  it('mode off runs unconfined and records it', async () => {
    const result = await bashWith({ mode: 'off' }).run({ command: 'echo hi' }, workspace.context())
    expect(result).toMatchObject({ output: 'hi\n', sandbox: { mode: 'off', run: 'unsandboxed', why: 'off' } })
  })
})
