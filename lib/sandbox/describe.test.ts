import { describe, expect, it } from 'vitest'
import { approvalNote, collapseSandboxNote, escalationHint, refusalText, sandboxRecord } from './describe.ts'
import type { SandboxPolicy } from './policy.ts'
import type { AvailableTier } from './tier.ts'

const bwrap: AvailableTier = { available: true, kind: 'bubblewrap', command: '/usr/bin/bwrap' }
const policy: SandboxPolicy = {
  writable: ['/w'],
  denyRead: ['/s', '/k', '/h/.ssh', '/h/.aws'],
  protect: ['/s', '/k'],
  network: false,
}

describe('what is said about a sandbox', () => {
  it('ends an approval with what a confined command may touch', () => {
    expect(approvalNote({ run: 'sandboxed', tier: bwrap }, policy, 'tools')).toBe(
      " [sandbox: bubblewrap; writes only the working directory and a private /tmp; no network; dsh's key, its " +
        'session logs and 2 private paths hidden]',
    )
    const wider = { ...policy, writable: ['/w', '/x', '/y'], network: true }
    expect(approvalNote({ run: 'sandboxed', tier: bwrap }, wider, 'tools')).toContain(
      'writes only the working directory, 2 more folders and a private /tmp; network on;',
    )
  })

  it('says UNSANDBOXED and why, and gives a rerun its own note', () => {
    const none = { available: false as const, reason: 'no-bwrap' as const }
    expect(approvalNote({ run: 'unsandboxed', why: 'unavailable', tier: none }, policy, 'tools')).toBe(
      ' [sandbox: none here, so the command runs UNSANDBOXED, with your whole account: bubblewrap is not ' +
        'installed (no bwrap on PATH)]',
    )
    expect(approvalNote({ run: 'unsandboxed', why: 'off' }, policy, 'mcp')).toBe(
      ' [sandbox: off (mcp entry, sandbox.mode: off); the command runs UNSANDBOXED, with your whole account]',
    )
    const rerun = approvalNote({ run: 'unsandboxed', why: 'escalated' }, policy, 'tools')
    expect(rerun).toMatch(/^ \[UNSANDBOXED RERUN asked by the agent/)
    expect(collapseSandboxNote(`bash: x${rerun}`)).toBe(`bash: x${rerun}`)
  })

  it('collapses only a trailing machine note', () => {
    const note = approvalNote({ run: 'sandboxed', tier: bwrap }, policy, 'tools')
    expect(collapseSandboxNote(`bash: ls${note}`)).toBe('bash: ls [sandbox: {{sandbox}}]')
    expect(collapseSandboxNote('echo [sandbox: x] more')).toBe('echo [sandbox: x] more')
  })

  it('refuses with the reason and the fix', () => {
    const text = refusalText(
      { run: 'refused', why: 'unavailable', tier: { available: false, reason: 'no-bwrap' } },
      'tools',
    )
    expect(text).toBe(
      'Refused: the sandbox is required (tools entry, sandbox.mode: required), and it cannot run on this machine: ' +
        'bubblewrap is not installed (no bwrap on PATH). To fix it: install it: apt-get install bubblewrap ' +
        '(Debian, Ubuntu), dnf install bubblewrap (Fedora); or set sandbox.mode to preferred (run unconfined, ' +
        'saying so) or off.',
    )
    expect(refusalText({ run: 'refused', why: 'escalation-required' }, 'tools')).toMatch(/no command runs outside it/)
  })

  it('records the policy of a confined run, and only why for another', () => {
    expect(sandboxRecord('bash', 'preferred', { run: 'sandboxed', tier: bwrap }, policy)).toEqual({
      subject: 'bash',
      mode: 'preferred',
      run: 'sandboxed',
      tier: 'bubblewrap',
      writable: ['/w'],
      denyRead: ['/s', '/k', '/h/.ssh', '/h/.aws'],
      network: false,
    })
    expect(sandboxRecord('mcp-server', 'off', { run: 'unsandboxed', why: 'off' }, policy)).toEqual({
      subject: 'mcp-server',
      mode: 'off',
      run: 'unsandboxed',
      why: 'off',
    })
  })

  it('hints at a rerun outside after a failure the sandbox may have caused', () => {
    expect(escalationHint('touch: /etc/x: Read-only file system', policy, 'preferred')).toMatch(
      /call bash again with the same command and "unsandboxed": true/,
    )
    expect(escalationHint('curl: (6) Could not resolve host: x', policy, 'required')).toMatch(
      /sandbox.mode is required here, so it cannot run outside\]$/,
    )
    expect(
      escalationHint('curl: (6) Could not resolve host: x', { ...policy, network: true }, 'preferred'),
    ).toBeUndefined()
    expect(escalationHint('test failed: expected 2', policy, 'preferred')).toBeUndefined()
  })
})
