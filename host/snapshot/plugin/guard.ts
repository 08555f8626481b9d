// A snapshot host never reaches the network: before it runs anything it checks that replay
// answers every model call and that no live model adapter is running next to it.
import type { Context } from 'cordis'
import { runningPlugins } from '../../../plugins/config/cordis-compat.ts'
import type { RunMode } from '../core/fixtures.ts'

/** Plugins that call a model over the network; this bundle has one. */
export const LIVE_MODEL_ADAPTERS = ['llm-deepseek']

export class SnapshotHostError extends Error {
  override name = 'SnapshotHostError'
}

const SHAPE =
  'run the host as: dsh --patch cordis.snapshot.yml --patch overlays/snapshot-host.cordis.yml (cordis.snapshot.yml first)'

/** Throw a SnapshotHostError naming what is wrong with the composition the host is in. */
export function assertHostComposition(ctx: Context, mode: RunMode): void {
  if (mode === 'record') return // recording talks to a model (the real one, or the stub endpoint) on purpose
  const running = runningPlugins(ctx)
  const live = running.filter((entry) => LIVE_MODEL_ADAPTERS.includes(entry.plugin))
  if (live.length) {
    const list = live.map((entry) => `entry "${entry.id}" (${entry.plugin})`).join(', ')
    throw new SnapshotHostError(
      `snapshot host refuses to start: a live model adapter is active: ${list}; a host must never reach the network. Disable it (cordis.snapshot.yml does); ${SHAPE}`,
    )
  }
  if (!ctx.get('replay')) {
    throw new SnapshotHostError(
      `snapshot host refuses to start: no llm-replay entry is running, so nothing answers model calls from fixtures; ${SHAPE}`,
    )
  }
}
