// A scenario file's text read the way discovery reads it (loadInput, loadModelScript): written to
// `scenarios/<name>/` of a scratch folder, loaded through the same guarded reader and parser, removed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { loadInput, type ScenarioInput } from '../scenario/input.ts'
import { loadModelScript } from '../scenario/model-script.ts'
import { renderModelItem, type StubScriptItem } from '../../../lib/model-wire/index.ts'

/** `file` is `scenarios/<name>/<file name>`, the path messages name. */
function loadedFrom<T>(text: string, file: string, load: (root: string, name: string) => T): T {
  const name = /^scenarios\/([^/]+)\//.exec(file)?.[1]
  if (!name) throw new Error(`test file path ${file} is not scenarios/<name>/<file>`)
  const root = mkdtempSync(join(tmpdir(), 'dsh-scenario-file-'))
  try {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), text)
    return load(root, name)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/** input.json text as discovery reads it; `file` must end in input.json. */
export function readInput(text: string, file = 'scenarios/demo/input.json'): ScenarioInput {
  return loadedFrom(text, file, loadInput)
}

/** model.yml text as discovery reads it, as the chat-completions wire serves it; `file` must end in model.yml. */
export function readModelScript(text: string, file = 'scenarios/demo/model.yml'): StubScriptItem[] {
  const items = loadedFrom(text, file, (root, name) => loadModelScript(root, name)!)
  return items.map((item) => renderModelItem(item, 'openai-chat') as StubScriptItem)
}
