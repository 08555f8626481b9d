// Scenario files write a run's working directory as `{{cwd}}`; this is where the token becomes
// the real path again: in plain text (symlink targets, environment values, conformance params)
// and inside JSON text (a committed log revived for session/load). Pure.
// The other direction, a cwd's spellings back to the token, is the host normalizer's
// (host/snapshot/core/normalize/cwd.ts).

/** What scenario files write instead of the run's temp cwd. */
export const CWD_TOKEN = '{{cwd}}'

/** `text` with every `{{cwd}}` replaced by `cwd`. */
export function expandCwd(text: string, cwd: string): string {
  return text.replaceAll(CWD_TOKEN, cwd)
}

/** The same inside JSON text: the path goes in JSON-escaped, so the text stays valid JSON. */
export function expandCwdInJson(json: string, cwd: string): string {
  return json.replaceAll(CWD_TOKEN, JSON.stringify(cwd).slice(1, -1))
}

/** Every string of a JSON value expanded; other values are returned as they are. */
export function expandCwdDeep<T>(value: T, cwd: string): T {
  if (typeof value === 'string') return expandCwd(value, cwd) as T
  if (Array.isArray(value)) return value.map((item) => expandCwdDeep(item, cwd)) as T
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expandCwdDeep(item, cwd)])) as T
  return value
}
