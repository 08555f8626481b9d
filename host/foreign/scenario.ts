// A foreign agent's scenario folder (docs/foreign-agents.md): input.json (the same ACP script as
// dsh's scenarios, waits on ACP traffic), model.yml (what --stub serves), and what recording
// writes: stdout.golden.jsonl and model.recording.json. workspace/ seeds the cwd and
// workspace.expected/, when present, is the final tree the run must leave.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { docFile } from '../../lib/package-root.ts'
import { RECORDING_FILE } from '../../lib/model-wire/recording.ts'
import type { ModelScriptItem } from '../../lib/model-wire/model-script.ts'
import { loadInput, type ScenarioInput } from '../snapshot/scenario/input.ts'
import { loadModelScript } from '../snapshot/scenario/model-script.ts'

export const GOLDEN_FILE = 'stdout.golden.jsonl'

export interface ForeignScenario {
  name: string
  dir: string
  input: ScenarioInput
  model?: ModelScriptItem[]
  /** The committed golden and recording, undefined when absent. */
  golden?: string
  recording?: string
}

/** The scenarios under `<root>/scenarios/` (folders holding input.json), or just `names`. */
export function findForeignScenarios(root: string, names?: readonly string[]): string[] {
  const dir = join(root, 'scenarios')
  const all = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'input.json')))
    .map((entry) => entry.name)
    .sort()
  if (!names?.length) return all
  const missing = names.filter((name) => !all.includes(name))
  if (missing.length)
    throw new Error(
      `no scenario ${missing.join(', ')} under ${dir} (a scenario is a folder with input.json); ` +
        `have: ${all.join(', ')}`,
    )
  return [...names]
}

export function loadForeignScenario(root: string, name: string): ForeignScenario {
  const dir = join(root, 'scenarios', name)
  const read = (file: string) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : undefined)
  const input = loadInput(root, name)
  const sessionLogWait = input.steps.findIndex((step) => step.op === 'waitFor')
  if (sessionLogWait >= 0)
    throw new Error(
      `scenarios/${name}/input.json: steps[${sessionLogWait}] waitFor watches dsh's session log, which a foreign ` +
        `agent does not write; wait on ACP traffic with waitUpdate (${docFile('foreign-agents.md')})`,
    )
  return {
    name,
    dir,
    input,
    model: loadModelScript(root, name),
    golden: read(GOLDEN_FILE),
    recording: read(RECORDING_FILE),
  }
}
