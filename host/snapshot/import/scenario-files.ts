// The text of an imported scenario's own files: snapshot.yml (recording: imported and where it
// came from), input.json and, when the session ran another model than the composition's agent,
// cordis.patch.yml naming it (the log's request headers carry the model, so replay must ask the
// same). Pure.
import { inputSchemaReference, manifestSchemaComment } from '../scenario/schema-references.ts'
import type { DerivedScript } from './derive-script.ts'
import { renderModels } from '../scenario/recording-line.ts'
import type { ChosenHeader } from './header-class.ts'

interface ImportedManifest {
  name: string
  /** Absolute scenario folder (for the schema references). */
  dir: string
  description: string
  source: { session: string; log: string; date: string }
  header?: ChosenHeader
  /** The models the log's request/header events name (provenance, docs/recording.md). */
  models?: readonly string[]
}

export function renderManifest(manifest: ImportedManifest): string {
  const { header, source } = manifest
  return [
    manifestSchemaComment(manifest.dir),
    `scenario: ${manifest.name}`,
    `description: ${JSON.stringify(manifest.description)}`,
    'recording: imported',
    ...(manifest.models?.length ? [`models: ${renderModels(manifest.models)}`] : []),
    'imported:',
    `  session: ${JSON.stringify(source.session)}`,
    `  log: ${JSON.stringify(source.log)}`,
    `  date: "${source.date}"`,
    ...(header ? headerLines(header) : []),
    '',
  ].join('\n')
}

function headerLines(header: ChosenHeader): string[] {
  return [
    'header:',
    `  class: ${header.class}`,
    ...(header.pin ? ['  pin: true'] : []),
    ...(header.systemPromptSource ? [`  systemPromptSource: ${header.systemPromptSource}`] : []),
    ...(header.toolSchemasSource ? [`  toolSchemasSource: ${header.toolSchemasSource}`] : []),
  ]
}

export function renderInput(dir: string, script: DerivedScript['input']): string {
  const steps = script.steps.map((step) => `    ${JSON.stringify(step)}`).join(',\n')
  const head = [`  "$schema": ${JSON.stringify(inputSchemaReference(dir))},`]
  if (script.client) head.push(`  "client": ${JSON.stringify(script.client)},`)
  const permissions = script.permissions.length ? `,\n  "permissions": ${JSON.stringify(script.permissions)}` : ''
  return `{\n${head.join('\n')}\n  "steps": [\n${steps}\n  ]${permissions}\n}\n`
}

export function renderModelPatch(model: string): string {
  return [
    '# The session was served by this model: replay asks for it too (its request headers name it).',
    '- id: agent',
    '  config:',
    `    model: ${JSON.stringify(model)}`,
    '',
  ].join('\n')
}

/** One line for the manifest: the session's title, else its id. */
export function importedDescription(title: string | undefined, session: string): string {
  const what = title ? `"${title}"` : `session ${session}`
  const line = `Imported from a session: ${what}`.replace(/[\r\n]+/g, ' ')
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}
