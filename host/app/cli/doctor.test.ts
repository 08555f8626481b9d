// `dsh doctor` (issue 39): this machine's sandbox tier and what each entry's policy makes of it;
// exit 1 when a policy requires a sandbox this machine cannot give.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { detectSandbox } from '../../../lib/sandbox/detect.ts'
import { packageFile } from '../../../lib/package-root.ts'
import { runCli } from '../test-support/run-cli.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A composition with the tools and mcp entries and the given tools sandbox config. */
function composition(toolsSandbox: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsh-doctor-'))
  dirs.push(dir)
  const file = join(dir, 'cordis.yml')
  writeFileSync(
    file,
    [
      `- { id: tools, name: ${packageFile('plugins', 'tools')}, config: { sandbox: ${toolsSandbox} } }`,
      `- { id: mcp, name: ${packageFile('plugins', 'mcp')} }`,
      '',
    ].join('\n'),
  )
  return file
}

it("reports this machine's tier and each entry's outcome", async () => {
  const tier = await detectSandbox()
  const { code, stdout } = await runCli(['doctor', '--config', composition('{}')], { env: process.env })
  expect(code).toBe(0)
  if (tier.available) {
    expect(stdout).toContain(`sandbox tier:  ${tier.kind} (${tier.command})`)
    expect(stdout).toContain(
      'bash commands (entry "tools", sandbox.mode: preferred): sandboxed: writes only the working directory and a ' +
        'private /tmp; no network',
    )
    expect(stdout).toMatch(/MCP stdio servers \(entry "mcp", sandbox.mode: preferred\): sandboxed: .*network on/)
  } else {
    expect(stdout).toMatch(/sandbox tier: {2}none: .*\nfix: {11}\S/)
    expect(stdout).toMatch(/bash commands .*: UNSANDBOXED: no sandbox here/)
  }
})

it('without bwrap on PATH (forced): names the reason and the fix, and fails a required policy', async () => {
  const bin = mkdtempSync(join(tmpdir(), 'dsh-doctor-bin-'))
  dirs.push(bin)
  mkdirSync(join(bin, 'x'))
  symlinkSync('/bin/sh', join(bin, 'sh'))
  const { code, stdout } = await runCli(['doctor', '--config', composition('{ mode: required }')], {
    env: { PATH: bin, HOME: process.env.HOME },
  })
  expect(stdout).toContain('sandbox tier:  none: bubblewrap is not installed (no bwrap on PATH)\n')
  expect(stdout).toContain('fix:           install it: apt-get install bubblewrap')
  expect(stdout).toContain(
    'bash commands (entry "tools", sandbox.mode: required): REFUSED: the sandbox is required and cannot run here',
  )
  expect(code).toBe(1)
})

it('names a bad sandbox config by its entry', async () => {
  const { code, stderr } = await runCli(['doctor', '--config', composition('{ denyRead: [.ssh] }')], {
    env: process.env,
  })
  expect(code).toBe(1)
  expect(stderr).toMatch(/entry "tools" has an invalid config:\n.*sandbox\.denyRead\[0\].*"\.ssh" is relative/)
})
