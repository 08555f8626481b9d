// A live answer names the run's own folders (a tool call reads `/tmp/dsh-x1/notes.txt`): the
// recording keeps them as `{{cwd}}` and `{{home}}`, and replay fills in its own run's folders, so
// the replayed call reads the replay's workspace. Only texts the model wrote change. Pure.
import type { ModelScriptItem } from './model-script.ts'

/** A run's folders, each with its spellings (a symlinked temp dir has two); the first is the one filled in. */
export interface AnswerPlaces {
  cwd: readonly string[]
  home?: readonly string[]
}

/** The item with the run's folders made tokens (longest spelling first). */
export function tokenizePlaces(item: ModelScriptItem, places: AnswerPlaces): ModelScriptItem {
  const pairs: Array<[string, string]> = [
    ...places.cwd.map((path): [string, string] => [path, '{{cwd}}']),
    ...(places.home ?? []).map((path): [string, string] => [path, '{{home}}']),
  ]
    .filter(([path]) => path.length > 1)
    .sort((a, b) => b[0].length - a[0].length)
  return mapTexts(item, (text) => pairs.reduce((out, [path, token]) => out.split(path).join(token), text))
}

/** The item with `{{cwd}}` and `{{home}}` filled in with this run's folders. */
export function fillPlacesIn(item: ModelScriptItem, places: AnswerPlaces): ModelScriptItem {
  const cwd = places.cwd[0]
  const home = places.home?.[0]
  return mapTexts(item, (text) => {
    let out = cwd === undefined ? text : text.replaceAll('{{cwd}}', cwd)
    if (home !== undefined) out = out.replaceAll('{{home}}', home)
    return out
  })
}

function mapTexts(item: ModelScriptItem, map: (text: string) => string): ModelScriptItem {
  if (item.kind !== 'reply') return item
  const { text, reasoning, toolCalls } = item.value
  const value = {
    ...item.value,
    ...(text !== undefined ? { text: map(text) } : {}),
    ...(reasoning !== undefined ? { reasoning: map(reasoning) } : {}),
    ...(toolCalls ? { toolCalls: toolCalls.map((call) => ({ ...call, arguments: map(call.arguments) })) } : {}),
  }
  return { kind: 'reply', value }
}
