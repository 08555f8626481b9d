// `where:` and `unless:` in an overlay: entries chosen by what their plugin is (entry-traits.ts),
// not by id, so one overlay fits profiles whose ids differ (docs/config-overlays.md, "Selectors").
import { z } from 'zod'
import { type CompositionEntry, isGroup } from './entries.ts'
import { ConfigError } from './errors.ts'
import type { ModelAdapterInfo } from '../llm/adapter.ts'

/** What an entry's plugin says it is, read from its module (entry-traits.ts). */
export interface EntryTraits {
  provides: string[]
  /** Undefined for a plugin that is not a model adapter. */
  modelAdapter?: ModelAdapterInfo
}

/** An entry's traits, or the error that kept them from being read (its module would not load). */
export type TraitsOf = (entry: CompositionEntry) => EntryTraits | Error

export const Selector = z
  .strictObject({
    /** A service the plugin provides (Cordis `provide`), e.g. `replay`, `sessions`, `agent`. */
    provides: z.string().min(1).optional(),
    /** A model adapter that reaches the network, or one that does not (docs/model-providers.md). */
    modelAdapter: z.enum(['network', 'offline']).optional(),
  })
  .refine((selector) => selector.provides !== undefined || selector.modelAdapter !== undefined, {
    message: 'a selector says provides and/or modelAdapter',
  })
export type Selector = z.infer<typeof Selector>

/** `{ provides: replay }` as messages quote it. */
export function describeSelector(selector: Selector): string {
  const parts = Object.entries(selector).map(([key, value]) => `${key}: ${value}`)
  return `{ ${parts.join(', ')} }`
}

/** Every entry (groups' children too, not the groups) that matches; an unreadable module is an error. */
export function selectEntries(
  entries: readonly CompositionEntry[],
  selector: Selector,
  traitsOf: TraitsOf | undefined,
  label: string,
): CompositionEntry[] {
  if (!traitsOf)
    throw new ConfigError(`${label}: a where/unless selector needs the entries' modules, which were not loaded here`)
  return flatten(entries).filter((entry) => {
    const traits = traitsOf(entry)
    if (traits instanceof Error) {
      throw new ConfigError(
        `${label}: cannot tell whether entry "${entry.id}" matches ${describeSelector(selector)}: ` +
          `${traits.message}; fix or remove the entry`,
        { cause: traits },
      )
    }
    if (selector.provides !== undefined && !traits.provides.includes(selector.provides)) return false
    if (selector.modelAdapter === undefined) return true
    if (!traits.modelAdapter) return false
    return traits.modelAdapter.network === (selector.modelAdapter === 'network')
  })
}

function flatten(entries: readonly CompositionEntry[]): CompositionEntry[] {
  return entries.flatMap((entry) => (isGroup(entry) ? flatten(entry.config) : [entry]))
}
