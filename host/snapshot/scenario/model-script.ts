// `scenarios/<name>/model.yml`: what the scripted model answers when the scenario is recorded
// keylessly (`dsh test <name> --mode record --stub`), in no provider's shape (lib/model-wire/
// model-script.ts): the model server renders each item on the wire of the adapter that asks, or
// the scripted stand-in plays it. Discovery validates the file in every mode; nothing is rendered
// until a --stub recording starts (replay never streams them: the session log is the model then).
import { join } from 'node:path'
import { type FileIssue, safeParseWorded, zodIssuesToFileIssues } from '../../../lib/file-issues.ts'
import {
  MODEL_ITEM_KINDS,
  MODEL_ITEM_SCHEMAS,
  type ModelItemKind,
  type ModelScriptItem,
} from '../../../lib/model-wire/model-script.ts'
import { readFixtureSync } from '../io/safe-fixture-io.ts'
import { ScenarioFileError } from './issues.ts'
import { parseYamlData } from './yaml.ts'

export { modelScriptSchema, type ModelScriptItem } from '../../../lib/model-wire/model-script.ts'

export const MODEL_SCRIPT_FILE = 'model.yml'

/** Pure: validate model.yml text, item by item; errors name the item and field. */
function validateModelScript(text: string, file: string): ModelScriptItem[] {
  const data = parseYamlData(text, file)
  if (!Array.isArray(data)) {
    throw new ScenarioFileError(file, [
      { path: '', message: `a model script is a YAML list of items (${MODEL_ITEM_KINDS.join(', ')}); [] for none` },
    ])
  }
  const issues: FileIssue[] = []
  const items: ModelScriptItem[] = []
  data.forEach((item, index) => {
    const keys = item && typeof item === 'object' && !Array.isArray(item) ? Object.keys(item) : []
    if (keys.length !== 1 || !MODEL_ITEM_KINDS.includes(keys[0] as ModelItemKind)) {
      issues.push({
        path: `[${index}]`,
        message:
          `an item has exactly one of ${MODEL_ITEM_KINDS.join(', ')}; ` +
          `got ${keys.length ? keys.join(', ') : 'no key'}`,
      })
      return
    }
    const kind = keys[0] as ModelItemKind
    const parsed = safeParseWorded(MODEL_ITEM_SCHEMAS[kind], (item as Record<string, unknown>)[kind])
    if (!parsed.success) issues.push(...zodIssuesToFileIssues(parsed.error.issues, [index, kind]))
    else items.push({ kind, value: parsed.data } as ModelScriptItem)
  })
  if (issues.length) throw new ScenarioFileError(file, issues)
  return items
}

/** The scenario's model script, validated, or undefined when its folder has no model.yml. */
export function loadModelScript(repoRoot: string, name: string): ModelScriptItem[] | undefined {
  const file = `scenarios/${name}/${MODEL_SCRIPT_FILE}`
  const text = readFixtureSync(repoRoot, join(repoRoot, file))
  return text === undefined ? undefined : validateModelScript(text, file)
}
