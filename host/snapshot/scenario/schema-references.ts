// How a scenario file names its JSON Schema for editors: a relative path from the scenario
// folder to the schemas/ shipped with dsh (in this repository, or under node_modules/dsh).
import { relative } from 'node:path'
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
