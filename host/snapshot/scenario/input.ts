// `scenarios/<name>/input.json`: the ACP script the host drives (DESIGN §7).
// The schema is strict per op; rules that span steps (aliases, awaits) live in
// input-checks.ts so each error can point at the step that breaks them.
import { z } from 'zod'
import { EVENT_TYPES, type EventType } from '../../../plugins/session/events.ts'
import { inputCrossStepIssues } from './input-checks.ts'
import { fileErrorMap, zodIssuesToFileIssues } from '../../../lib/file-issues.ts'
import { ScenarioFileError } from './issues.ts'
import { readScenarioFile } from './read-scenario-file.ts'
import { closedObject } from '../../../lib/closed-object.ts'
import { editorClientSchema } from '../../../lib/editor-client-schema.ts'

export const PERMISSION_ANSWER_KINDS = ['allow_once', 'allow_always', 'reject_once', 'reject_always'] as const
/** What a script may queue: an option kind, or `hold` (leave the request open until the agent withdraws it). */
export const PERMISSION_SCRIPT_ANSWERS = [...PERMISSION_ANSWER_KINDS, 'hold'] as const

/** Names the script gives to sessions and background prompts, e.g. `s1`, `p2`. */
const alias = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/, {
  error: (issue) =>
    `${JSON.stringify(issue.input)} is not a valid alias; use a letter followed by letters, digits, "_" or "-" (e.g. ` +
    `"s1")`,
})

/** A session reference: an alias defined earlier, or — only with expectError — any literal id to send as-is. */
const sessionRef = z
  .string()
  .min(1)
  .meta({
    description:
      'Alias of a session defined by an earlier step. With expectError, an undefined name is sent literally as the ' +
      'session id.',
  })

const expectError = closedObject({
  code: z.int().meta({ description: 'The JSON-RPC error code the request must fail with.' }),
  message: z.string().optional().meta({ description: 'When given, the error message must equal this exactly.' }),
}).meta({ description: 'The request must fail with this error; the run fails if it succeeds.' })

const positiveInt = z.int().min(1)

export const inputStepSchema = z.discriminatedUnion('op', [
  closedObject({ op: z.literal('initialize'), expectError: expectError.optional() }),
  closedObject({
    op: z.literal('newSession'),
    as: alias,
    cwd: z
      .json()
      .optional()
      .meta({ description: 'Only for invalid-cwd tests (needs expectError): sent instead of the temp cwd.' }),
    expectError: expectError.optional(),
  }),
  closedObject({
    op: z.literal('loadSession'),
    session: sessionRef,
    as: alias.optional().meta({ description: 'Another alias for the loaded session.' }),
    expectError: expectError.optional(),
  }),
  closedObject({
    op: z.literal('prompt'),
    session: sessionRef,
    text: z
      .string()
      .optional()
      .meta({ description: 'Shorthand for one text content block. Exactly one of text and content.' }),
    content: z
      .array(z.looseObject({ type: z.string() }))
      .min(1)
      .optional()
      .meta({
        description:
          'Exact ACP content blocks, sent unchanged (the agent validates them). Exactly one of text and content.',
      }),
    as: alias.optional().meta({ description: 'Names a background prompt for a later await.' }),
    background: z
      .boolean()
      .optional()
      .meta({ description: 'Send without waiting for the response; an await step collects it.' }),
    expectError: expectError.optional(),
  }),
  closedObject({ op: z.literal('cancel'), session: sessionRef }),
  closedObject({
    op: z.literal('setMode'),
    session: sessionRef,
    mode: z.string().min(1).meta({ description: 'The modeId sent with session/set_mode (e.g. "read-only").' }),
    expectError: expectError.optional(),
  }),
  closedObject({
    op: z.literal('listSessions'),
    cursor: z.string().optional().meta({ description: 'Sent as the session/list cursor (only with expectError).' }),
    expectError: expectError.optional(),
  }).meta({ description: 'session/list with no filter; the response is in the transcript.' }),
  closedObject({
    op: z.literal('await'),
    from: alias.meta({ description: 'The as of an earlier background prompt.' }),
  }),
  closedObject({
    op: z.literal('waitFor'),
    event: z
      .enum(EVENT_TYPES as [EventType, ...EventType[]])
      .meta({ description: 'A session event type (DESIGN §5).' }),
    session: sessionRef,
    count: positiveInt
      .optional()
      .meta({ description: 'Wait until the log holds at least this many such events (default 1).' }),
    turn: positiveInt.optional().meta({ description: 'Wait for the event whose data.turn equals this.' }),
  }),
])

/** What the host, as the editor, advertises at initialize and serves (ACP client capabilities). */
export const clientSchema = editorClientSchema({
  fs: 'Advertised fs capabilities; the host answers fs/* from the scenario workspace.',
  terminal: 'Advertise terminals; the host runs terminal/create commands as real local processes.',
  buffers:
    'Unsaved editor buffers by cwd-relative path: fs/read_text_file answers these instead of the file on disk ' +
    '(needs fs.readTextFile).',
}).meta({ description: 'The client side the host plays; default: no fs, no terminal.' })

export const inputSchema = closedObject({
  $schema: z.string().optional().meta({
    description: 'The JSON Schema editors validate this file with, e.g. "../../schemas/input.schema.json".',
  }),
  client: clientSchema.optional(),
  steps: z.array(inputStepSchema).min(1),
  permissions: z
    .array(z.enum(PERMISSION_SCRIPT_ANSWERS))
    .default([])
    .meta({
      description:
        "FIFO of option kinds answering the agent's permission requests in order; an empty queue answers " +
        '"cancelled"; "hold" leaves the request open until the agent cancels it ($/cancel_request), then answers ' +
        '"cancelled".',
    }),
}).meta({ title: 'dsh scenario input (input.json)' })

export type ScenarioInput = z.output<typeof inputSchema>
export type InputStep = ScenarioInput['steps'][number]
export type ScenarioClient = NonNullable<ScenarioInput['client']>
export type PermissionAnswerKind = (typeof PERMISSION_ANSWER_KINDS)[number]
export type PermissionScriptAnswer = (typeof PERMISSION_SCRIPT_ANSWERS)[number]

/** Pure: validate input.json text; `file` is used in messages. */
export function parseInput(text: string, file: string): ScenarioInput {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new ScenarioFileError(file, [jsonSyntaxIssue(text, error as Error)])
  }
  const parsed = inputSchema.safeParse(data, { error: fileErrorMap })
  if (!parsed.success) throw new ScenarioFileError(file, zodIssuesToFileIssues(parsed.error.issues))
  const issues = inputCrossStepIssues(parsed.data)
  if (issues.length) throw new ScenarioFileError(file, issues)
  return parsed.data
}

function jsonSyntaxIssue(text: string, error: Error) {
  // V8 names either a character position or (newer Node) a line; use whichever is there.
  const position = /position (\d+)/.exec(error.message)
  const lineMatch = /\(line (\d+) column \d+\)/.exec(error.message)
  const line = lineMatch
    ? Number(lineMatch[1])
    : position
      ? text.slice(0, Number(position[1])).split('\n').length
      : undefined
  return { path: '', line, message: `not valid JSON: ${error.message.replaceAll('\n', '\\n')}` }
}

/** Read and validate `scenarios/<name>/input.json` under `repoRoot`. */
export function loadInput(repoRoot: string, name: string): ScenarioInput {
  const { file, text } = readScenarioFile(repoRoot, name, 'input.json', 'every scenario needs the ACP script it drives')
  return parseInput(text, file)
}
