// Which items of the expected conversation (rendered from the golden) and of the actual one (from
// the run) differ (pure): the two lists aligned by an item diff, so one inserted tool call marks
// that call and not everything after it.
import { diffArrays } from 'diff'
import type { ConversationItem } from './conversation.ts'

interface ChangedItems {
  /** Indexes into the expected items that the run does not have. */
  expected: ReadonlySet<number>
  /** Indexes into the actual items that the golden does not have. */
  actual: ReadonlySet<number>
}

export function changedItems(expected: readonly ConversationItem[], actual: readonly ConversationItem[]): ChangedItems {
  const key = (item: ConversationItem) => JSON.stringify(item)
  const marks = { expected: new Set<number>(), actual: new Set<number>() }
  let left = 0
  let right = 0
  for (const part of diffArrays(expected.map(key), actual.map(key))) {
    const count = part.count ?? part.value.length
    if (part.removed) for (let i = 0; i < count; i++) marks.expected.add(left++)
    else if (part.added) for (let i = 0; i < count; i++) marks.actual.add(right++)
    else {
      left += count
      right += count
    }
  }
  return marks
}
