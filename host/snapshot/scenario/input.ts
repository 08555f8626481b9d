// `scenarios/<name>/input.json`: the ACP script the host drives, in the one script language of
// lib/acp-script/ (docs/scenario-format.md). The schema is strict per op; the rules that span
// steps (names, awaits) are the shared checker's, so each error points at the step that breaks them.
import { z } from 'zod'
import { checkScript } from '../../../lib/acp-script/check.ts'
import { renamedSpellingIssues, withoutRenamed } from '../../../lib/acp-script/renamed.ts'
import { stepSchema } from '../../../lib/acp-script/shared-steps.ts'
import { type FileIssue, safeParseWorded } from '../../../lib/file-issues.ts'
import { ScenarioFileError } from './issues.ts'
import { readScenarioFile } from './read-scenario-file.ts'
import { closedObject } from '../../../lib/closed-object.ts'
import { editorClientIssues, editorClientSchema } from '../../../lib/editor-client-schema.ts'
import { type InputStep, RECORDED_SESSION_ALIASES, SCENARIO_STEPS } from './input-steps.ts'

const PERMISSION_ANSWER_KINDS = ['allow_once', 'allow_always', 'reject_once', 'reject_always'] as const
/** What a script may queue: an option kind, or `hold` (leave the request open until the agent withdraws it). */
const PERMISSION_SCRIPT_ANSWERS = [...PERMISSION_ANSWER_KINDS, 'hold'] as const

const inputStepSchema: z.ZodType<InputStep> = stepSchema(SCENARIO_STEPS)

/** What the host, as the editor, advertises at initialize and serves (ACP client capabilities). */
const clientSchema = editorClientSchema({
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
export type { InputStep }
export type ScenarioClient = NonNullable<ScenarioInput['client']>
export type PermissionScriptAnswer = (typeof PERMISSION_SCRIPT_ANSWERS)[number]

/** Pure: validate input.json text; `file` is used in messages. */
function parseInput(text: string, file: string): ScenarioInput {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new ScenarioFileError(file, [jsonSyntaxIssue(text, error as Error)])
  }
  const renamed = renamedSpellingIssues((data as { steps?: unknown } | null)?.steps)
  const parsed = safeParseWorded(inputSchema, data)
  if (!parsed.success || renamed.length)
    throw new ScenarioFileError(file, withoutRenamed(renamed, parsed.error?.issues ?? []))
  const input = parsed.data
  const issues = inputIssues(input)
  if (issues.length) throw new ScenarioFileError(file, issues)
  return input
}

/** The cross-step rules (names, sessions, awaits) and the client's. */
function inputIssues(input: ScenarioInput): FileIssue[] {
  const predefined = { names: RECORDED_SESSION_ALIASES, what: 'a session restored from session.source' }
  const { issues } = checkScript(input.steps, SCENARIO_STEPS, { predefined })
  return [...issues, ...editorClientIssues(input.client)]
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

/**
 * Files and folders the MCP servers of input.json run from: the first segment of each `./…`
 * command or argument (`./notes-server.mjs`, `./server/` for `./server/main.mjs`). They are part of
 * the scenario; a path that leaves the folder is refused when the step runs.
 */
export function mcpServerFiles(input: ScenarioInput): string[] {
  const files = new Set<string>()
  for (const step of input.steps) {
    if (step.op !== 'newSession' || !('mcpServers' in step) || !step.mcpServers) continue
    for (const entry of step.mcpServers) {
      if ('type' in entry) continue
      for (const value of [entry.command, ...entry.args]) {
        const first = value.startsWith('./') ? value.slice(2).split('/')[0] : undefined
        if (first && first !== '..' && first !== '.') files.add(first)
      }
    }
  }
  return [...files]
}
