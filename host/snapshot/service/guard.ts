// A snapshot host never reaches the network: before it plays anything in replay it checks, by
// asking the `llm` service (never a plugin name), that no model adapter that reaches the network
// is running, and that replay is there to answer every model call (docs/model-providers.md).
import type { Context } from 'cordis'
import { NamedError } from '../../../lib/named-error.ts'
import { docFile } from '../../../lib/package-root.ts'
import type { RunMode } from '../model/modes.ts'
import type {} from '../../../plugins/agent/index.ts'
import type {} from '../../../plugins/llm-replay/index.ts'

/** A composition the host refuses to play in: the message says why and what to do (no stack). */
export class SnapshotHostError extends NamedError {
  override name = 'SnapshotHostError'
}

const SHAPE =
  'run the host as: dsh --patch snapshot --patch snapshot-host (the bundled cordis.snapshot.yml and ' +
  'overlays/snapshot-host.cordis.yml, in that order)'

/** Throw a SnapshotHostError naming what is wrong with the composition the host is in. */
export function assertHostComposition(ctx: Context, mode: RunMode): void {
  if (mode === 'record') return // recording talks to a model (the real one, or the stub) on purpose
  assertNoLiveAdapter(ctx)
  if (!ctx.get('replay'))
    throw new SnapshotHostError(
      'snapshot host refuses to start: no entry provides the replay service (llm-replay), so nothing would answer ' +
        `model calls from fixtures; ${SHAPE}`,
    )
}

function assertNoLiveAdapter(ctx: Context): void {
  const live = (ctx.get('llm')?.adapters() ?? []).filter((adapter) => adapter.network && !adapter.standsInFor)
  if (!live.length) return
  const list = live.map((adapter) => {
    const entry = adapter.entry ? `entry "${adapter.entry}"` : 'an adapter outside the composition'
    const undeclared = adapter.undeclared ? ', registered without saying whether it reaches the network' : ''
    return `${entry} (${adapter.label}: ${adapter.models.join(', ')}${undeclared})`
  })
  throw new SnapshotHostError(
    `snapshot host refuses to start: a model adapter that reaches the network is running: ${list.join('; ')}; a ` +
      'host must never reach the network. Disable it (cordis.snapshot.yml turns off every adapter whose plugin ' +
      `declares modelAdapter with network: true; ${docFile('model-providers.md')}); ${SHAPE}`,
  )
}

/**
 * Recording live: the adapter that serves the agent's model has its key, or the scenario fails
 * before anything runs, naming the entry and where the key is looked for (its own words).
 */
export function assertRecordingKey(ctx: Context): void {
  const llm = ctx.get('llm')
  const model = ctx.get('agent')?.config.model
  const problem = model === undefined ? undefined : llm?.keyProblem(model)
  if (!model || !problem) return
  const adapter = llm?.adapters().find((candidate) => candidate.models.includes(model) && !candidate.standsInFor)
  const entry = adapter?.entry ? `entry "${adapter.entry}" (${adapter.label})` : 'the adapter'
  throw new SnapshotHostError(
    `record mode: ${entry} has no usable key for model "${model}": ${problem}; or record keylessly against the ` +
      'scripted model with --stub',
  )
}
