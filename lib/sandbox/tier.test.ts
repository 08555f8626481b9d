import { describe, expect, it } from 'vitest'
import { classifyBwrapFailure, tierLine, type UnavailableReason, unavailableText } from './tier.ts'

const facts = { stderr: '', usernsSysctlOff: false, root: false, container: false }

describe('sandbox tier', () => {
  it("names a kernel that refuses user namespaces from bwrap's words or a sysctl", () => {
    const said =
      'bwrap: No permissions to create new namespace, likely because the kernel does not allow non-privileged ' +
      'user namespaces.'
    expect(classifyBwrapFailure({ ...facts, stderr: said })).toEqual({
      available: false,
      reason: 'userns-disabled',
      detail: said,
    })
    expect(classifyBwrapFailure({ ...facts, stderr: 'bwrap: setting up uid map: Permission denied' }).reason).toBe(
      'userns-disabled',
    )
    expect(classifyBwrapFailure({ ...facts, stderr: 'bwrap: odd', usernsSysctlOff: true }).reason).toBe(
      'userns-disabled',
    )
  })

  it('names a container without privileges, and anything else as a failure with what bwrap said', () => {
    const proc = "bwrap: Can't mount proc on /newroot/proc: Operation not permitted"
    expect(classifyBwrapFailure({ ...facts, stderr: proc, container: true, root: true })).toEqual({
      available: false,
      reason: 'container',
      detail: proc,
    })
    expect(classifyBwrapFailure({ ...facts, stderr: proc })).toMatchObject({ reason: 'bwrap-failed', detail: proc })
  })

  it('gives every outcome a reason and a fix', () => {
    const reasons: UnavailableReason[] = [
      'no-bwrap',
      'userns-disabled',
      'container',
      'bwrap-failed',
      'no-sandbox-exec',
      'windows',
      'unsupported-platform',
    ]
    for (const reason of reasons) {
      const { why, fix } = unavailableText({ available: false, reason })
      expect(why.length).toBeGreaterThan(10)
      expect(fix.length).toBeGreaterThan(10)
    }
    expect(unavailableText({ available: false, reason: 'no-bwrap' })).toEqual({
      why: 'bubblewrap is not installed (no bwrap on PATH)',
      fix: 'install it: apt-get install bubblewrap (Debian, Ubuntu), dnf install bubblewrap (Fedora)',
    })
  })

  it('says in one line what the machine has', () => {
    expect(tierLine({ available: true, kind: 'bubblewrap', command: '/usr/bin/bwrap' })).toBe(
      'bubblewrap (/usr/bin/bwrap)',
    )
    expect(tierLine({ available: false, reason: 'windows' })).toBe('none: Windows has no sandbox dsh can use')
  })
})
