// The editor side a test plays, as its data file declares it: the fs capabilities it advertises,
// terminals, and unsaved buffers. Scenario inputs (the test host plays the editor) and conformance
// cases (the runner does) share the shape; only who serves the requests, and so the wording, differs.
import { z } from 'zod'
import { closedObject, portableString } from './closed-object.ts'

/** The descriptions each field carries in the generated JSON Schema. */
interface EditorClientWording {
  fs: string
  terminal: string
  buffers: string
}

export function editorClientSchema(wording: EditorClientWording) {
  return closedObject({
    fs: closedObject({ readTextFile: z.boolean().optional(), writeTextFile: z.boolean().optional() })
      .optional()
      .meta({ description: wording.fs }),
    terminal: z.boolean().optional().meta({ description: wording.terminal }),
    buffers: z.record(portableString, z.string()).optional().meta({ description: wording.buffers }),
    configOptions: z
      .boolean()
      .optional()
      .meta({
        description:
          'Advertise session.configOptions: the client takes config_option_update. Default: not advertised ' +
          '(an older client, which follows mode changes through current_mode_update).',
      }),
    notices: z
      .boolean()
      .optional()
      .meta({
        description:
          'Advertise session.notices: the client takes notice updates (a failed MCP server, a retry). Default: not ' +
          'advertised (notices arrive as agent message lines "[…]").',
      }),
    compaction: z
      .boolean()
      .optional()
      .meta({
        description:
          'Advertise session.compaction: the client takes compaction_update and compaction_summary_chunk. Default: ' +
          'not advertised (a compaction shows nothing but its /compact answer).',
      }),
    elicitation: z
      .boolean()
      .optional()
      .meta({
        description:
          'Advertise elicitation.form: the agent may ask the user questions (its ask_user tool), answered by ' +
          'answerQuestion steps. Default: not advertised (the agent must not send elicitation/create).',
      }),
    terminalAuth: z
      .boolean()
      .optional()
      .meta({
        description:
          'Advertise auth.terminal: the agent may list terminal auth methods (dsh: one running dsh login), which a ' +
          'client runs as a command and never passes to authenticate. Default: not advertised (none may be listed).',
      }),
    subagents: z
      .boolean()
      .optional()
      .meta({
        description:
          'Advertise the unstable subagents capability: the agent announces each child session with ' +
          'subagent_update and sends its updates under its own session id. Default: not advertised (child ' +
          "progress shows on the parent's task call).",
      }),
  })
}

/**
 * The session capabilities a declared client advertises (none unless it says `configOptions`,
 * `notices`, `compaction`).
 */
export function sessionCapabilities(
  client: { configOptions?: boolean; notices?: boolean; compaction?: boolean } | undefined,
) {
  const session = {
    ...(client?.configOptions ? { configOptions: {} } : {}),
    ...(client?.notices ? { notices: {} } : {}),
    ...(client?.compaction ? { compaction: {} } : {}),
  }
  return Object.keys(session).length ? { session } : {}
}

/** Form elicitation (ACP `elicitation.form`), advertised when the client says `elicitation: true`. */
export function elicitationCapability(client: { elicitation?: boolean } | undefined) {
  return client?.elicitation ? { elicitation: { form: {} } } : {}
}

/** Terminal auth (ACP `auth.terminal`), advertised when the client says `terminalAuth: true`. */
export function authCapability(client: { terminalAuth?: boolean } | undefined) {
  return client?.terminalAuth ? { auth: { terminal: true } } : {}
}

/** The unstable `subagents` capability (ACP SDK 2.4), advertised when the client says `subagents: true`. */
export function subagentsCapability(client: { subagents?: boolean } | undefined) {
  return client?.subagents ? { subagents: {} } : {}
}

/** Rules across the client's fields (the schema checks each alone). */
export function editorClientIssues(client: { fs?: { readTextFile?: boolean }; buffers?: object } | undefined) {
  if (!client?.buffers || client.fs?.readTextFile) return []
  return [
    {
      path: 'client.buffers',
      message: 'buffers are served by fs/read_text_file; set client.fs.readTextFile to true or drop them',
    },
  ]
}
