// Agent presets: the bundled ones (presets/<name>.yml in the dsh package) and a user's own (a
// .yml file named by path, relative to the project). Validated on load (lib/model-wire/preset.ts);
// a preset for a wire the model server does not speak is a PresetWireError.
import { readdirSync, readFileSync } from 'node:fs'
import { isAbsolute, join, relative } from 'node:path'
import { nearMisses } from '../../lib/did-you-mean.ts'
import { safeParseWorded, zodIssuesToFileIssues } from '../../lib/file-issues.ts'
import { type AgentPreset, agentPresetSchema, checkPresetWire } from '../../lib/model-wire/preset.ts'
import { NamedError } from '../../lib/named-error.ts'
import { docFile, packageFile } from '../../lib/package-root.ts'
import { ScenarioFileError } from '../snapshot/scenario/issues.ts'
import { parseYamlData } from '../snapshot/scenario/yaml.ts'

const BUNDLED = packageFile('presets')

function bundledPresetNames(): string[] {
  return readdirSync(BUNDLED)
    .filter((name) => name.endsWith('.yml'))
    .map((name) => name.slice(0, -'.yml'.length))
    .sort()
}

/** A bundled preset by name, or a user's preset file (a path ending in .yml/.yaml) relative to `root`. */
export function loadPreset(nameOrFile: string, root: string): AgentPreset {
  const isFile = /\.ya?ml$/.test(nameOrFile)
  if (!isFile && !bundledPresetNames().includes(nameOrFile))
    throw new NamedError(
      `unknown agent preset ${JSON.stringify(nameOrFile)}${didYouMean(nameOrFile)}; bundled: ` +
        `${bundledPresetNames().join(', ')}; or name your own preset file (a .yml path; ` +
        `${docFile('foreign-agents.md')}, "Adding a preset")`,
    )
  const file = isFile
    ? isAbsolute(nameOrFile)
      ? nameOrFile
      : join(root, nameOrFile)
    : join(BUNDLED, `${nameOrFile}.yml`)
  const shown = isFile ? relative(root, file) || file : `presets/${nameOrFile}.yml (bundled)`
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new NamedError(`cannot read agent preset ${shown}: ${(error as Error).message}`)
  }
  const parsed = safeParseWorded(agentPresetSchema, parseYamlData(text, shown))
  if (!parsed.success)
    throw new ScenarioFileError(
      shown,
      zodIssuesToFileIssues(parsed.error.issues),
      `an agent preset: ${docFile('foreign-agents.md')}`,
    )
  return checkPresetWire(parsed.data, shown)
}

function didYouMean(name: string): string {
  const close = nearMisses(name, bundledPresetNames())
  return close.length ? ` (did you mean ${close.join(' or ')}?)` : ''
}
