// What the model server serves (server.ts): a raw item of the chat-completions wire (script.ts), or a
// model.yml item (model-script.ts) it renders on the wire of the request that takes it (wires.ts).
import type { ModelScriptItem } from './model-script.ts'
import { parseScriptItems, type StubScriptItem } from './script.ts'

/** A model.yml item; validated by its reader (host/snapshot/scenario/model-script.ts). */
interface ModelItem {
  kind: 'model'
  item: ModelScriptItem
}

export type ServedItem = StubScriptItem | ModelItem

/** Raw items validated (model items come validated from their file); the error names the bad item. */
export function parseServedItems(items: unknown[], where = 'stub script'): ServedItem[] {
  const raw = items.filter((item) => (item as { kind?: unknown })?.kind !== 'model')
  const parsed = parseScriptItems(raw, where)
  return items.map((item) => ((item as { kind?: unknown })?.kind === 'model' ? (item as ModelItem) : parsed.shift()!))
}
