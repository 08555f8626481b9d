// The checks of a conformance case and the words they use (scenarios/conformance/cases/NNN-<id>.json;
// the file's whole shape is in case-file.ts, its steps are the shared ACP script). Strict throughout:
// an unknown field or check kind is an error, never ignored. Rules that span steps and checks
// (names, references) live in case-refs.ts so each error can point at the exact field.
import { z } from 'zod'
import { ref } from '../../lib/acp-script/fields.ts'
import { closedObject, portableString } from '../../lib/closed-object.ts'

/** How the runner answers permission requests in a whole run (--permission-mode). */
export const PERMISSION_MODES = ['approve-all', 'deny-all'] as const
export type PermissionMode = (typeof PERMISSION_MODES)[number]
/** A case may also `hold` them: unanswered until its session is cancelled (then "cancelled"). */
export const CASE_PERMISSION_MODES = [...PERMISSION_MODES, 'hold'] as const
export type CasePermissionMode = (typeof CASE_PERMISSION_MODES)[number]

const STOP_REASONS = ['end_turn', 'max_tokens', 'max_turn_requests', 'refusal', 'cancelled'] as const

/**
 * `session/update` kinds of ACP v1 (and the unstable `subagent_update`, sent only to a client that
 * advertises `subagents`); a typo in a check is caught instead of never matching.
 */
const UPDATE_KINDS = [
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
  'subagent_update',
] as const

/** The states of a child session (the unstable `subagent_update`'s `state.state`). */
const SUBAGENT_STATES = ['running', 'requires_action', 'idle', 'unknown'] as const

const TOOL_END_STATUSES = ['completed', 'failed'] as const

const FILE_OUTCOMES = ['ok', 'denied', 'missing', 'error'] as const

/** The agent → client requests a client serves when it advertises fs and terminal. */
export const REVERSE_METHODS = [
  'fs/read_text_file',
  'fs/write_text_file',
  'terminal/create',
  'terminal/output',
  'terminal/wait_for_exit',
  'terminal/kill',
  'terminal/release',
  'elicitation/create',
] as const

const window = {
  session: ref('newSession').optional().meta({ description: 'Only updates naming this session.' }),
  from: ref('any named').optional().meta({ description: 'Only updates that arrived after this step started.' }),
  through: ref('any named').optional().meta({ description: 'Only updates that arrived before this step ended.' }),
}

const ms = (max: number) => z.int().min(0).max(max)

export const caseCheckSchema = z.discriminatedUnion('check', [
  closedObject({ check: z.literal('protocolVersion') }).meta({
    description: 'initialize answered with an integer protocolVersion.',
  }),
  closedObject({
    check: z.literal('advertised'),
    path: z
      .string()
      .regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/)
      .meta({ description: 'A dotted path into the initialize result, e.g. agentCapabilities.mcpCapabilities.http.' }),
    equals: z.json().optional().meta({ description: 'The value there must equal this (default: any value).' }),
  }).meta({ description: 'initialize advertised something at this path of its result.' }),
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
    prompt: ref('prompt'),
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
    step: ref('request (initialize, newSession, loadSession, prompt, setMode, listSessions)'),
    codes: z.array(z.int()).min(1).meta({ description: 'The JSON-RPC error code must be one of these.' }),
    words: z
      .array(z.string().min(1))
      .optional()
      .meta({
        description:
          'Each must appear in the error message (case-insensitive); "{{cwd}}" is replaced, and "{{session:s1}}" ' +
          'by the id session s1 got.',
      }),
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
  closedObject({
    check: z.literal('subagentSessions'),
    min: z.int().min(1).optional().meta({ description: 'At least this many children announced (default 1).' }),
    end: z
      .array(z.enum(SUBAGENT_STATES))
      .min(1)
      .optional()
      .meta({ description: "The state each child's last subagent_update must leave it in." }),
    seen: z
      .array(z.enum(SUBAGENT_STATES))
      .min(1)
      .optional()
      .meta({ description: 'States at least one child must have gone through.' }),
  }).meta({
    description:
      'For a client advertising subagents: each child session is announced with subagent_update (a title and a ' +
      'state, under a session the client knows) before any message names it, then sends updates under its own id.',
  }),
  closedObject({
    check: z.literal('messageIds'),
    messages: z.int().min(1).meta({ description: 'How many distinct messages the chunks in the window belong to.' }),
    ...window,
  }).meta({
    description:
      'Every agent_message_chunk and agent_thought_chunk in the window carries a messageId; the chunks of one ' +
      'message are not interleaved with another (a changed id starts a new message), and there are exactly ' +
      '`messages` of them.',
  }),
  closedObject({ check: z.literal('configOptionResponse'), step: ref('setConfigOption or switchConfigOption') }).meta({
    description:
      'The session/set_config_option the step sent was answered with the full list of options (every one the ' +
      'session had), the option set showing the value sent as its currentValue.',
  }),
  closedObject({ check: z.literal('configOptionError'), step: ref('setConfigOption or switchConfigOption') }).meta({
    description:
      'The step failed with -32602 and its message names what was wrong and what is valid: an unknown value and ' +
      "the option's values, or an unknown option and the session's option ids.",
  }),
  closedObject({ check: z.literal('noLateUpdates'), prompt: ref('prompt') }).meta({
    description:
      "No update for the prompt's session arrived after its response, until the next prompt in that session (or " +
      'the end of the case).',
  }),
])

export const caseTimeoutsSchema = closedObject({
  startMs: ms(600_000).optional().meta({ description: 'Starting the agent, and each initialize step. Default 30000.' }),
  requestMs: ms(600_000)
    .optional()
    .meta({ description: 'Each request after initialize (session/new, a foreground prompt). Default 30000.' }),
  updateMs: ms(600_000)
    .optional()
    .meta({ description: 'Each waitUpdates, waitPermission and waitTerminal step. Default 10000.' }),
  settleMs: ms(600_000).optional().meta({ description: 'Each await step. Default 10000.' }),
})

export type CaseCheck = z.output<typeof caseCheckSchema>
