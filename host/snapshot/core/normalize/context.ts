// What the normalizers of one scenario run share: the typed-token table (so ids
// read the same on every surface) and the cwd replacer for the run's temp cwd.
import { createCwdReplacer } from './cwd.ts'
import { TokenTable } from './tokens.ts'

export interface NormalizeContext {
  readonly tokens: TokenTable
  /** Replaces every spelling of the temp cwd with `{{cwd}}`. */
  readonly replaceCwd: (text: string) => string
}

/** One context per scenario run; `cwdPaths` are the temp cwd and its aliases (e.g. its realpath). */
export function createNormalizeContext(cwdPaths: readonly string[] = []): NormalizeContext {
  return { tokens: new TokenTable(), replaceCwd: createCwdReplacer(cwdPaths) }
}
