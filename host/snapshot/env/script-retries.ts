// A model script (model.yml) whose failing attempts outnumber the configured retries (issue 37, bad input):
// the agent makes at most `retries + 1` attempts per model call, so a longer run of retryable failures
// (HTTP 429 or 5xx, `httpError` or `error` items) would hand its extra items to the next model call, not
// to a retry. Said by name at record time, with the file, the items and what to do. Pure.
import type { ModelScriptItem } from '../../../lib/model-wire/model-script.ts'
import { plural } from '../../../lib/plural.ts'

/** A status the agent retries (plugins/agent/retry-policy.ts: 429 and 5xx). */
const retried = (status: number) => status === 429 || status >= 500

function failingStatus(item: ModelScriptItem): number | undefined {
  if (item.kind !== 'httpError' && item.kind !== 'error') return undefined
  return retried(item.value.status) ? item.value.status : undefined
}

/** Undefined when every run of failing items fits one call's attempts; else what is wrong and what to do. */
export function scriptRetriesProblem(items: readonly ModelScriptItem[], retries: number, file: string) {
  const attempts = retries + 1
  for (let start = 0; start < items.length; start++) {
    let end = start
    while (end < items.length && failingStatus(items[end]!) !== undefined) end++
    const count = end - start
    if (count > attempts) {
      const statuses = [...new Set(items.slice(start, end).map((item) => `HTTP ${failingStatus(item)}`))].join(', ')
      const [first, last, spill] = [start + 1, end, start + attempts + 1]
      return (
        `${file} items ${first}–${last} are ${count} failing attempts in a row (${statuses}), but the agent makes ` +
        `at most ${plural(attempts, 'attempt')} per model call (agent config retries: ${retries}): item ${spill} ` +
        `would be served to the next model call, not to a retry. Raise retries to ${count - 1} (the scenario's ` +
        `cordis.patch.yml: "- id: agent" with "config: { retries: ${count - 1} }"), or end the run of failures ` +
        `at item ${start + attempts} (a reply after it, or fewer items); nothing was recorded`
      )
    }
    start = Math.max(start, end)
  }
  return undefined
}
