// What `dsh new NAME` writes: a scenario folder whose manifest, script and model script already
// name their JSON Schemas (so an editor validates them as they are filled in), ready to be recorded
// keylessly with `dsh test NAME --mode record --stub`. Pure: the files as text.
import { PLACEHOLDER } from '../core/placeholder.ts'
import { inputSchemaReference, manifestSchemaComment, modelSchemaComment } from './schema-references.ts'

export interface ScaffoldOptions {
  name: string
  /** Absolute path of the new scenarios/<name>/ (for the schema paths). */
  dir: string
  description?: string
  /** The header class to join; its pin when the class has none yet. */
  headerClass: string
  pin: boolean
}

/** File name → text. */
export function scaffoldScenario(options: ScaffoldOptions): Record<string, string> {
  const description = options.description ?? `${PLACEHOLDER} one line saying what ${options.name} shows.`
  return {
    'snapshot.yml': [
      manifestSchemaComment(options.dir),
      `scenario: ${options.name}`,
      `description: ${JSON.stringify(description)}`,
      'recording: stub',
      'header:',
      `  class: ${options.headerClass}`,
      ...(options.pin ? ['  pin: true'] : []),
      '',
    ].join('\n'),
    'input.json': `${JSON.stringify(
      {
        $schema: inputSchemaReference(options.dir),
        steps: [
          { op: 'initialize' },
          { op: 'newSession', as: 's1' },
          { op: 'prompt', session: 's1', text: `${PLACEHOLDER} what the user asks` },
        ],
      },
      null,
      2,
    )}\n`,
    'model.yml': [
      modelSchemaComment(options.dir),
      '# What the scripted model answers when recording with --stub, one item per model request.',
      '- reply:',
      `    text: "${PLACEHOLDER} what the model answers"`,
      '',
    ].join('\n'),
  }
}
