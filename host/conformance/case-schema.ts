// The shape of one conformance case file (scenarios/conformance/cases/NNN-<id>.json).
// Strict throughout: an unknown field, step or check kind is an error, never ignored.
// Rules that span steps and checks (names, references) live in case-refs.ts so each
// error can point at the exact field that breaks them.
import { z } from 'zod'
import { closedObject, portableString } from '../../lib/closed-object.ts'
import { editorClientSchema } from '../../lib/editor-client-schema.ts'

/** How the runner answers permission requests in a whole run (--permission-mode). */
export const PERMISSION_MODES = ['approve-all', 'deny-all'] as const
export type PermissionMode = (typeof PERMISSION_MODES)[number]
/** A case may also `hold` them: unanswered until its session is cancelled (then "cancelled"). */
export const CASE_PERMISSION_MODES = [...PERMISSION_MODES, 'hold'] as const
export type CasePermissionMode = (typeof CASE_PERMISSION_MODES)[number]

export const STOP_REASONS = ['end_turn', 'max_tokens', 'max_turn_requests', 'refusal', 'cancelled'] as const

/** `session/update` kinds of ACP v1; a typo in a check is caught instead of never matching. */
export const UPDATE_KINDS = [
  'user_message_chunk',
  'agent_message_chunk',
  'agent_thought_chunk',
  'tool_call',
  'tool_call_update',
  'plan',
  'available_commands_update',
  'current_mode_update',
  'config_option_update',
  'session_info_update',
  'usage_update',
  'notice',
  'compaction_update',
  'compaction_summary_chunk',
] as const

export const TOOL_END_STATUSES = ['completed', 'failed'] as const

export const FILE_OUTCOMES = ['ok', 'denied', 'missing', 'error'] as const

/** The agent → client requests a client serves when it advertises fs and terminal. */
export const REVERSE_METHODS = [
  'fs/read_text_file',
  'fs/write_text_file',
  'terminal/create',
  'terminal/output',
  'terminal/wait_for_exit',
  'terminal/kill',
  'terminal/release',
] as const
export type FileOutcome = (typeof FILE_OUTCOMES)[number]

/** Names a step gives itself (`as`) so that later steps and checks can refer to it. */
const stepName = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/, {
  error: (issue) =>
    `${JSON.stringify(issue.input)} is not a valid step name; use a letter followed by letters, digits, "_" or "-" ` +
    `(e.g. "s1", "first-prompt")`,
})
const ref = (what: string) => stepName.meta({ description: `The "as" of an earlier ${what} step.` })

const sessionTarget = {
  session: ref('newSession').optional(),
  sessionId: z
    .string()
    .optional()
    .meta({
      description:
        'A literal session id to send instead of a named session (for unknown-session cases). Exactly one of session ' +
        'and sessionId.',
    }),
}

const promptBody = {
  ...sessionTarget,
  text: z.string().optional().meta({ description: 'Shorthand for one text block. Exactly one of text and content.' }),
  content: z
    .array(z.looseObject({ type: z.string() }))
    .min(1)
    .optional()
    .meta({
      description:
        'ACP content blocks sent as-is, except that "{{cwd}}" in any string becomes the case cwd. Exactly one of ' +
        'text and content.',
    }),
}

const window = {
  session: ref('newSession').optional().meta({ description: 'Only updates naming this session.' }),
  from: ref('any named').optional().meta({ description: 'Only updates that arrived after this step started.' }),
  through: ref('any named').optional().meta({ description: 'Only updates that arrived before this step ended.' }),
}

const ms = (max: number) => z.int().min(0).max(max)

export const caseStepSchema = z.discriminatedUnion('op', [
  closedObject({
    op: z.literal('newSession'),
    as: stepName,
    params: z
      .record(z.string(), z.json())
      .optional()
      .meta({
        description:
          'Sent instead of {"cwd": "{{cwd}}", "mcpServers": []}, for deliberately invalid requests; "{{cwd}}" is ' +
          'replaced.',
      }),
  }),
  closedObject({ op: z.literal('prompt'), as: stepName.optional(), ...promptBody }),
  closedObject({ op: z.literal('promptBackground'), as: stepName, ...promptBody }),
  closedObject({ op: z.literal('awaitBackground'), as: stepName.optional(), prompt: ref('promptBackground') }),
  closedObject({ op: z.literal('cancel'), as: stepName.optional(), ...sessionTarget }),
  closedObject({ op: z.literal('sleep'), as: stepName.optional(), ms: ms(60_000) }),
  closedObject({
    op: z.literal('waitPermission'),
    as: stepName.optional(),
    min: z.int().min(1).optional().meta({ description: 'Default 1.' }),
    session: window.session,
  }).meta({ description: 'Wait (up to timeouts.updateMs) until at least min permission requests have arrived.' }),
  closedObject({
    op: z.literal('waitTerminal'),
    as: stepName.optional(),
    min: z.int().min(1).optional().meta({ description: 'Default 1.' }),
  }).meta({ description: 'Wait (up to timeouts.updateMs) until the agent has created at least min client terminals.' }),
  closedObject({
    op: z.literal('waitUpdates'),
    as: stepName.optional(),
    min: z.int().min(1),
    session: window.session,
    from: window.from,
  }).meta({ description: 'Wait (up to timeouts.updateMs) until at least min matching updates have arrived.' }),
])

export const caseCheckSchema = z.discriminatedUnion('check', [
  closedObject({ check: z.literal('protocolVersion') }).meta({
    description: 'initialize answered with an integer protocolVersion.',
  }),
  closedObject({
    check: z.literal('sessionId'),
    session: ref('newSession'),
    differentFrom: z
      .array(ref('newSession'))
      .optional()
      .meta({ description: 'Sessions whose ids must differ from this one.' }),
  }).meta({ description: 'The saved session id is a non-empty string.' }),
  closedObject({
    check: z.literal('stopReason'),
    prompt: ref('prompt or promptBackground'),
    in: z.array(z.enum(STOP_REASONS)).min(1),
  }),
  closedObject({
    check: z.literal('updateCount'),
    min: z.int().min(0),
    max: z.int().min(0).optional(),
    kind: z.enum(UPDATE_KINDS).optional(),
    ...window,
  }),
  closedObject({ check: z.literal('updatesNameSession'), ...window }).meta({
    description: 'Every update in the window names this session (without session: a session created in this case).',
  }),
  closedObject({
    check: z.literal('updateText'),
    includes: z.string().min(1),
    kind: z.enum(UPDATE_KINDS).optional(),
    ...window,
  }),
  closedObject({ check: z.literal('updateKinds'), include: z.array(z.enum(UPDATE_KINDS)).min(1), ...window }),
  closedObject({
    check: z.literal('toolCalls'),
    min: z.int().min(1).optional().meta({ description: 'At least this many tool calls in the window (default 1).' }),
    end: z
      .array(z.enum(TOOL_END_STATUSES))
      .min(1)
      .meta({ description: 'The status each call must end in (its last tool_call_update).' }),
    ...window,
  }).meta({
    description: 'Each tool_call in the window is followed by tool_call_updates whose last status is one of end.',
  }),
  closedObject({
    check: z.literal('error'),
    step: ref('newSession, prompt or promptBackground'),
    codes: z.array(z.int()).min(1).meta({ description: 'The JSON-RPC error code must be one of these.' }),
    words: z
      .array(z.string().min(1))
      .optional()
      .meta({ description: 'Each must appear in the error message (case-insensitive); "{{cwd}}" is replaced.' }),
  }),
  closedObject({
    check: z.literal('clientFile'),
    op: z.enum(['read', 'write']),
    path: portableString.meta({ description: 'Relative to the case cwd.' }),
    outcome: z.enum(FILE_OUTCOMES),
    min: z.int().min(1).optional().meta({ description: 'At least this many such operations (default 1).' }),
  }).meta({
    description:
      'The agent called fs/read_text_file or fs/write_text_file on this path and the runner answered with this ' +
      'outcome.',
  }),
  closedObject({
    check: z.literal('workspaceFile'),
    path: portableString.meta({ description: 'Relative to the case cwd.' }),
    exists: z.boolean().optional().meta({ description: 'Default true.' }),
    contains: z.string().optional(),
  }).meta({ description: 'The case cwd after the last step.' }),
  closedObject({
    check: z.literal('permissionRequests'),
    min: z.int().min(0).optional(),
    max: z.int().min(0).optional(),
    session: window.session,
  }),
  closedObject({
    check: z.literal('reverseCalls'),
    method: z.enum(REVERSE_METHODS).optional().meta({ description: 'Count only this method (default: all of them).' }),
    min: z.int().min(0).optional(),
    max: z.int().min(0).optional(),
  }).meta({ description: 'How many fs/* and terminal/* requests the agent sent to the client.' }),
  closedObject({
    check: z.literal('clientTerminal'),
    min: z.int().min(1).optional().meta({ description: 'At least this many terminals created (default 1).' }),
    embedded: z
      .boolean()
      .optional()
      .meta({ description: 'Each terminal appears as terminal content in a tool call update before its release.' }),
    killed: z.boolean().optional().meta({ description: 'Each terminal got terminal/kill before its release.' }),
  }).meta({
    description: 'The agent created client terminals and released every one (terminal/release), as asked for here.',
  }),
  closedObject({ check: z.literal('noLateUpdates'), prompt: ref('prompt or promptBackground') }).meta({
    description:
      "No update for the prompt's session arrived after its response, until the next prompt in that session (or " +
      'the end of the case).',
  }),
])

export const caseTimeoutsSchema = closedObject({
  startMs: ms(600_000)
    .optional()
    .meta({ description: 'Starting the agent and its answer to initialize. Default 30000.' }),
  requestMs: ms(600_000)
    .optional()
    .meta({ description: 'Each request after initialize (session/new, a foreground prompt). Default 30000.' }),
  updateMs: ms(600_000).optional().meta({ description: 'Each waitUpdates step. Default 10000.' }),
  settleMs: ms(600_000).optional().meta({ description: 'Each awaitBackground step. Default 10000.' }),
})

export const caseFileSchema = closedObject({
  $schema: z.string().optional(),
  title: z.string().min(1).meta({ description: 'One line: the behaviour this case checks.' }),
  spec: z
    .array(z.string().regex(/^R\d+$/, { error: 'requirement ids look like "R7" (see scenarios/conformance/SPEC.md)' }))
    .min(1)
    .meta({ description: 'The SPEC.md requirements this case checks.' }),
  permissionMode: z
    .enum(CASE_PERMISSION_MODES)
    .optional()
    .meta({
      description:
        'Overrides --permission-mode for this case; "hold" leaves requests unanswered until the session is ' +
        'cancelled, then answers "cancelled".',
    }),
  timeouts: caseTimeoutsSchema.optional(),
  client: editorClientSchema({
    fs: 'Advertised fs capabilities. Default (no client field): read and write.',
    terminal: 'Advertise terminals; the runner runs terminal/create commands as local processes.',
    buffers: 'Unsaved editor buffers by cwd-relative path, answered by fs/read_text_file instead of the file.',
  })
    .optional()
    .meta({
      description:
        'What the runner advertises at initialize and serves. Without it: fs read and write, no terminal, no buffers.',
    }),
  files: z
    .record(portableString, z.string())
    .optional()
    .meta({ description: 'Seed files written into the case cwd before the agent starts.' }),
  steps: z.array(caseStepSchema),
  checks: z.array(caseCheckSchema).min(1),
}).meta({ title: 'dsh conformance case (scenarios/conformance/cases/NNN-<id>.json)' })

export type CaseFile = z.output<typeof caseFileSchema>
export type CaseClientSpec = NonNullable<CaseFile['client']>
export type CaseStep = CaseFile['steps'][number]
export type CaseCheck = CaseFile['checks'][number]
export type StepOp = CaseStep['op']
export type CheckKind = CaseCheck['check']

export const profileFileSchema = closedObject({
  $schema: z.string().optional(),
  description: z.string().min(1),
  required: z.array(z.string()).min(1).meta({ description: 'Case ids that must pass.' }),
  optional: z
    .array(z.string())
    .optional()
    .meta({ description: 'Case ids that run and are reported but do not fail the run.' }),
}).meta({ title: 'dsh conformance profile (scenarios/conformance/profiles/<name>.json)' })

export type ProfileFile = z.output<typeof profileFileSchema>
