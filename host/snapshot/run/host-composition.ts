// A composition with the snapshot host in it, booted by the test command, the vitest adapter
// and the bench: the user's cordis.yml (or --config) and --patches → cordis.snapshot.yml →
// overlays/snapshot-host.cordis.yml, as `dsh --patch cordis.snapshot.yml --patch
// overlays/snapshot-host.cordis.yml` runs it. Recording runs the profile's live adapters:
// cordis.record.yml, and the host inserted in memory instead (its overlay is for replay only).
// Nothing here names an entry of the user's profile: the host finds what it needs by service.
import { ownModule, packageFile } from '../../../lib/package-root.ts'
import type { z } from 'zod'
import type { Patch, PatchSource } from '../../../plugins/config/index.ts'
import { bootComposition, type BootedComposition } from '../../../plugins/config/boot.ts'
import type { RunMode } from '../model/modes.ts'
import type { Config as SnapshotConfig, SnapshotService } from '../service/service.ts'
import { modeOverlays, userComposition, type TestComposition } from '../service/patches.ts'

/** The host overlay ships with dsh; it names the service module relative to itself. */
const HOST_OVERLAY_FILE = packageFile('overlays', 'snapshot-host.cordis.yml')
const HOST_ENTRY_ID = 'snapshot'

const SERVICE_MODULE = ownModule('host/snapshot/service/service.ts')

interface HostCompositionOptions {
  /** The project folder holding scenarios/ (and its own overlays/). */
  repoRoot: string
  /** The user's composition file and overlays; default `<repoRoot>/cordis.yml` (else the bundle's). */
  composition?: TestComposition
  mode: RunMode
  /** Diagnostics outside scenarios (during a scenario they fail it); defaults to stderr. */
  log?: (line: string) => void
}

export interface HostComposition {
  booted: BootedComposition
  snapshot: SnapshotService
  dispose(): Promise<void>
}

function hostPatches(repoRoot: string, mode: RunMode): PatchSource[] {
  const config = { root: repoRoot, mode } satisfies z.input<typeof SnapshotConfig>
  if (mode !== 'record') {
    const own = [{ id: HOST_ENTRY_ID, config }] satisfies Patch[]
    return [...modeOverlays(mode), HOST_OVERLAY_FILE, { source: 'snapshot host options', patches: own }]
  }
  const patches = [{ insert: [{ id: HOST_ENTRY_ID, name: SERVICE_MODULE, config }] }] satisfies Patch[]
  return [...modeOverlays(mode), { source: 'snapshot host for recording', patches }]
}

export async function bootHostComposition(options: HostCompositionOptions): Promise<HostComposition> {
  const user = userComposition(options.repoRoot, options.composition)
  const booted = await bootComposition({
    configFile: user.configFile,
    patches: [...user.patches, ...hostPatches(options.repoRoot, options.mode)],
    // Only the scenario's own `environment` feeds `!env`, as in a subprocess run.
    env: {},
    log: options.log,
  })
  const snapshot = booted.ctx.get('snapshot')
  if (!snapshot) {
    await booted.dispose()
    throw new Error(`the snapshot host did not start in ${booted.configFile}; run dsh config to see the entries`)
  }
  return { booted, snapshot, dispose: () => booted.dispose() }
}

export async function withHostComposition<T>(
  options: HostCompositionOptions,
  use: (host: HostComposition) => Promise<T>,
): Promise<T> {
  const host = await bootHostComposition(options)
  try {
    return await use(host)
  } finally {
    await host.dispose()
  }
}
