// The module hooks of a mutate worker: a target file's URL loads the instrumented code (kept in a
// scratch folder outside the project) instead of the file itself, so the user's files are only ever
// read; until the parent has written the copy, the load waits for it. The hooks module travels as a
// data: URL (it needs node builtins only), so the same code registers from dsh's sources and from its
// bundled dist/.
import { register } from 'node:module'
import { pathToFileURL } from 'node:url'

/** Node runs it in its hooks thread; `data.files` maps a target's file: URL to its instrumented copy. */
const HOOKS_SOURCE = `
  import { existsSync, readFileSync } from 'node:fs'
  import { setTimeout as sleep } from 'node:timers/promises'
  let files = {}
  export function initialize(data) { files = data.files }
  export async function load(url, context, nextLoad) {
    const copy = files[url.split('?')[0]]
    if (copy === undefined) return nextLoad(url, context)
    // A worker may boot while the parent still instruments: the copy appears whole when it is done.
    while (!existsSync(copy)) await sleep(20)
    return { format: 'module', source: readFileSync(copy, 'utf8'), shortCircuit: true }
  }
`

/** From here on, importing a target (by absolute path) runs its instrumented copy. */
export function registerInstrumentedCopies(copies: Record<string, string>): void {
  const files = Object.fromEntries(Object.entries(copies).map(([file, copy]) => [pathToFileURL(file).href, copy]))
  register(`data:text/javascript,${encodeURIComponent(HOOKS_SOURCE)}`, { data: { files } })
}
