// A snapshot host never reaches the network: before it runs anything it checks that replay
// answers every model call and that no live model adapter is running next to it.
import type { Context } from 'cordis'
import { runningPlugins } from '../../../plugins/config/cordis-compat.ts'
import type { RunMode } from '../core/fixtures.ts'
import { ENTRY_IDS } from './patches.ts'
import type {} from '../../../plugins/config/live-composition.ts'

/** Plugins that call a model over the network; this bundle has one. */
const LIVE_MODEL_ADAPTERS = ['llm-deepseek']

export class SnapshotHostError extends Error {
  override name = 'SnapshotHostError'
}

const SHAPE =
  'run the host as: dsh --patch cordis.snapshot.yml --patch overlays/snapshot-host.cordis.yml (cordis.snapshot.yml ' +
  'first)'

/** Throw a SnapshotHostError naming what is wrong with the composition the host is in. */
export function assertHostComposition(ctx: Context, mode: RunMode): void {
  if (mode === 'record') return // recording talks to a model (the real one, or the stub endpoint) on purpose
  assertNoLiveAdapter(ctx)
  const entries = ctx.get('composition')?.entries ?? []
  if (!entries.some((entry) => entry.id === ENTRY_IDS.replay && entry.name.includes('llm-replay'))) {
    throw new SnapshotHostError(
      `snapshot host refuses to start: the composition has no llm-replay entry, so nothing would answer model calls ` +
        `from fixtures; ${SHAPE}`,
    )
  }
}

/** Once a scenario's entries run: replay answers, and still no live adapter (a scenario overlay may add one). */
export function assertReplayOnly(ctx: Context): void {
  assertNoLiveAdapter(ctx)
  if (!ctx.get('replay'))
    throw new SnapshotHostError(`llm-replay is not running for this scenario, so nothing answers model calls; ${SHAPE}`)
}

function assertNoLiveAdapter(ctx: Context): void {
  const live = runningPlugins(ctx).filter((entry) => LIVE_MODEL_ADAPTERS.includes(entry.plugin))
  if (!live.length) return
  const list = live.map((entry) => `entry "${entry.id}" (${entry.plugin})`).join(', ')
  throw new SnapshotHostError(
    `snapshot host refuses to start: a live model adapter is active: ${list}; a host must never reach the network. ` +
      `Disable it (cordis.snapshot.yml does); ${SHAPE}`,
  )
}
