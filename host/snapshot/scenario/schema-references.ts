// How a scenario file names its JSON Schema for editors: a relative path from the scenario
// folder to the schemas/ shipped with dsh (in this repository, or under node_modules/dsh).
import { existsSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { packageFile } from '../../../lib/package-root.ts'

function schemaPath(scenarioDir: string, file: string): string {
  return relative(scenarioDir, packageFile('schemas', file)).replaceAll('\\', '/')
}

/** The first line of snapshot.yml: the yaml-language-server modeline. */
export function manifestSchemaComment(scenarioDir: string): string {
  return `# yaml-language-server: $schema=${schemaPath(scenarioDir, 'snapshot.schema.json')}`
}

/** The first line of model.yml (the stub model script). */
export function modelSchemaComment(scenarioDir: string): string {
  return `# yaml-language-server: $schema=${schemaPath(scenarioDir, 'model.schema.json')}`
}

/** The `"$schema"` value of input.json. */
export function inputSchemaReference(scenarioDir: string): string {
  return schemaPath(scenarioDir, 'input.schema.json')
}

/** A scenario file whose schema reference names no file (copied from dsh's repository, say), and the fix. */
export interface BrokenSchemaReference {
  file: string
  given: string
  expected: string
}

const MODELINE = /^# yaml-language-server: \$schema=(\S+)/

/** The schema references of a scenario folder's snapshot.yml, model.yml and input.json that resolve to nothing. */
export function brokenSchemaReferences(scenarioDir: string): BrokenSchemaReference[] {
  const found: Array<{ file: string; given?: string; schema: string }> = [
    { file: 'snapshot.yml', given: firstLine(scenarioDir, 'snapshot.yml')?.match(MODELINE)?.[1], schema: 'snapshot' },
    { file: 'model.yml', given: firstLine(scenarioDir, 'model.yml')?.match(MODELINE)?.[1], schema: 'model' },
    { file: 'input.json', given: inputSchema(scenarioDir), schema: 'input' },
  ]
  return found.flatMap(({ file, given, schema }) => {
    if (given === undefined || /^[a-z]+:/i.test(given) || existsSync(resolve(scenarioDir, given))) return []
    return [{ file: join(scenarioDir, file), given, expected: schemaPath(scenarioDir, `${schema}.schema.json`) }]
  })
}

/** One warning line per broken reference, saying what to write instead. */
export function schemaReferenceWarning(broken: BrokenSchemaReference): string {
  return (
    `warning: ${broken.file}: its schema reference ${broken.given} names no file (copied from another folder?); ` +
    `write ${broken.expected} (the schemas dsh ships) so editors can check it`
  )
}

function firstLine(dir: string, file: string): string | undefined {
  const path = join(dir, file)
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n', 1)[0] : undefined
}

function inputSchema(dir: string): string | undefined {
  const path = join(dir, 'input.json')
  if (!existsSync(path)) return undefined
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'))
    const schema = value && typeof value === 'object' && '$schema' in value ? value.$schema : undefined
    return typeof schema === 'string' ? schema : undefined
  } catch {
    return undefined // an unreadable input.json is the scenario's own error, reported when it runs
  }
}
