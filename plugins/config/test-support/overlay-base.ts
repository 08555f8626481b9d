// The composition the overlay tests patch: plain entries and a group with children.
import type { CompositionEntry } from '../entries.ts'

export const base = (): CompositionEntry[] => [
  { id: 'llm', name: './plugins/llm' },
  {
    id: 'model',
    name: './plugins/model',
    config: { model: 'm1', limits: { tokens: 100, retries: 2 }, stop: ['a', 'b'] },
  },
  {
    id: 'tools',
    name: 'cordis:group',
    group: true,
    config: [
      { id: 'bash', name: './plugins/bash', config: { timeoutMs: 1000 } },
      { id: 'files', name: './plugins/files' },
    ],
  },
  { id: 'acp', name: './plugins/acp' },
]

export const ids = (entries: CompositionEntry[]): string[] => entries.map((entry) => entry.id)

/** The children of the group at `index`; the test fails when that entry is not a group. */
export function children(entries: readonly CompositionEntry[], index: number): CompositionEntry[] {
  const config = entries[index]?.config
  if (!Array.isArray(config)) throw new Error(`entry ${index} is not a group`)
  return config as CompositionEntry[]
}
/** The overlay file the errors name. */
export const SRC = 'overlays/test.yml'
