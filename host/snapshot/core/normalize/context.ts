// What the normalizers of one scenario run share: the typed-token table (so ids
// read the same on every surface) and the cwd replacer for the run's temp cwd (and for the
// scenario folder, where the MCP servers a scenario ships run from: `{{scenario}}`).
import { cwdCollapser, rootToken } from '../../../../lib/cwd-spellings.ts'
import { collapseSandboxNote } from '../../../../lib/sandbox/describe.ts'
import { createCwdReplacer } from './cwd.ts'
import { TokenTable } from './tokens.ts'

export interface NormalizeContext {
  readonly tokens: TokenTable
  /**
   * Replaces every spelling of the temp cwd with `{{cwd}}` (and of the scenario folder with `{{scenario}}`),
   * and this machine's sandbox note at the end of an approval title with ` [sandbox: {{sandbox}}]`.
   */
  readonly replaceCwd: (text: string) => string
}

const SCENARIO_TOKEN = '{{scenario}}'

/**
 * One context per scenario run; `cwdPaths` are the temp cwd and its aliases (e.g. its realpath),
 * `scenarioPaths` the scenario folder and its aliases (an MCP server's command line names it),
 * `rootPaths` each additional directory's spellings: the n-th is written `{{root:n}}`, before the cwd
 * (a session's additional directories outside the cwd, e.g. an imported session's).
 */
export function createNormalizeContext(
  cwdPaths: readonly string[] = [],
  scenarioPaths: readonly string[] = [],
  rootPaths: ReadonlyArray<readonly string[]> = [],
): NormalizeContext {
  const replaceCwd = createCwdReplacer(cwdPaths)
  const replaceScenario = cwdCollapser(scenarioPaths, SCENARIO_TOKEN)
  const replacers = [
    ...rootPaths.flatMap((paths, index) => cwdCollapser(paths, rootToken(index + 1)) ?? []),
    replaceCwd,
    ...(replaceScenario ? [replaceScenario] : []),
  ]
  return {
    tokens: new TokenTable(),
    replaceCwd: (text) => collapseSandboxNote(replacers.reduce((out, replace) => replace(out), text)),
  }
}
