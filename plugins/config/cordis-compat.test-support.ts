// The tests' one reach into Cordis internals, beside the product's (cordis-compat.ts) so an
// upgrade checks both: the long-lived host's listener baseline (docs/cordis-compat.md).
import type { Context } from 'cordis'

/**
 * Works around (cordis 4.0.0-rc.0): Cordis has no public count of its event listeners; the root's
 * EventsService keeps them in `_hooks` (event name → list). Tests use this to see that listeners
 * return to a baseline.
 */
export function eventListenerCount(ctx: Context): number {
  const hooks = (ctx.root.events as unknown as { _hooks: Record<string, unknown[]> })._hooks
  return Object.values(hooks).reduce((sum, list) => sum + list.length, 0)
}
