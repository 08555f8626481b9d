import { describe, expect, it } from 'vitest'
import { bwrapArgs } from './bwrap-args.ts'

describe('bubblewrap arguments', () => {
  it('mounts the system read-only, binds the writable folders, then masks: a deny wins over a write', () => {
    const args = bwrapArgs(
      {
        writable: [
          { real: '/home/u', given: '/home/u' },
          { real: '/data/proj', given: '/home/u/proj-link' },
        ],
        masks: [
          { path: '/home/u/.ssh', kind: 'dir' },
          { path: '/home/u/.netrc', kind: 'file' },
        ],
        readOnly: ['/home/u/.config'],
        network: false,
      },
      '/home/u',
    )
    expect(args.join(' ')).toBe(
      [
        '--ro-bind / / --dev /dev --proc /proc --tmpfs /tmp',
        '--bind /home/u /home/u --bind /data/proj /data/proj --bind /data/proj /home/u/proj-link',
        '--ro-bind /home/u/.config /home/u/.config',
        '--perms 0000 --tmpfs /home/u/.ssh --remount-ro /home/u/.ssh',
        '--ro-bind /dev/null /home/u/.netrc',
        '--setenv TMPDIR /tmp --unshare-all --cap-drop ALL --die-with-parent --chdir /home/u',
      ].join(' '),
    )
  })

  it('shows named folders under /tmp read-only before the writable folders are bound', () => {
    const args = bwrapArgs({
      shown: ['/tmp/scenario'],
      writable: [{ real: '/tmp/scenario/cwd', given: '/tmp/scenario/cwd' }],
      masks: [],
      readOnly: [],
      network: true,
    })
    expect(args.join(' ')).toContain(
      '--tmpfs /tmp --ro-bind /tmp/scenario /tmp/scenario --bind /tmp/scenario/cwd /tmp/scenario/cwd',
    )
  })

  it('shares the network only when the policy allows it', () => {
    const policy = { writable: [], masks: [], readOnly: [], network: true }
    expect(bwrapArgs(policy)).toContain('--share-net')
    expect(bwrapArgs({ ...policy, network: false })).not.toContain('--share-net')
  })
})
