// YAML for scenario manifests: plain data only. A first pass with a schema that
// knows no types at all turns every explicit tag (`!!str`, `!!js/function`,
// `!env`, …) into an error, and a listener catches the bare `!`; the second pass
// reads the now tag-free text with the JSON schema (null, bool, numbers, strings).
import { JSON_SCHEMA, Schema, YAMLException, load, type State } from 'js-yaml'
import { ScenarioFileError } from './issues.ts'

const NO_TYPES = new Schema({ implicit: [], explicit: [] })

export function parseYamlData(text: string, file: string): unknown {
  try {
    load(text, {
      schema: NO_TYPES,
      filename: file,
      listener(event, state) {
        if (event === 'close' && (state as State & { tag?: string | null }).tag === '!')
          throw tagError(file, '!', state.line + 1)
      },
    })
    return load(text, { schema: JSON_SCHEMA, filename: file })
  } catch (error) {
    if (error instanceof ScenarioFileError) throw error
    if (error instanceof YAMLException) {
      const line = error.mark ? error.mark.line + 1 : undefined
      const [, unknownTag] = /^unknown tag !<(.*)>$/.exec(error.reason) ?? []
      if (unknownTag !== undefined) throw tagError(file, unknownTag, line)
      throw new ScenarioFileError(file, [{ path: '', line, message: `YAML syntax error: ${error.reason}` }])
    }
    throw error
  }
}

/** Show a tag the way it was written: `tag:yaml.org,2002:str` → `!!str`. */
function spelledTag(tag: string): string {
  return tag.startsWith('tag:yaml.org,2002:') ? `!!${tag.slice('tag:yaml.org,2002:'.length)}` : tag
}

function tagError(file: string, tag: string, line: number | undefined): ScenarioFileError {
  return new ScenarioFileError(file, [
    {
      path: '',
      line,
      message:
        `YAML tag ${spelledTag(tag)} is not allowed; scenario manifests hold plain data only (quote the value ` +
        `if you meant text)`,
    },
  ])
}
