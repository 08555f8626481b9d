// A value inside parsed JSON by a dotted path (`authMethods.0.id`, `agentCapabilities.auth.logout`):
// object keys and array indexes alike. Conformance's `advertised` check and the scripts' answer
// references (lib/acp-script/answer-ref.ts) read answers this way.

/** The value at `path`, or undefined when any part of it is missing. */
export function valueAt(root: unknown, path: string): unknown {
  let value = root
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}
