// What an ACP client (the editor) offers the tools, when it advertises the capability:
// its view of files (unsaved buffers included) and terminals it runs commands in.
// The ACP bridge implements it per prompt; tools fall back to local access without it.

/** A command running in a client terminal (ACP `terminal/*`). */
export interface ClientTerminal {
  readonly id: string
  /** Output so far; `exitStatus` once the command has ended. */
  output(): Promise<{ output: string; truncated: boolean; exitStatus?: TerminalExit | null }>
  waitForExit(): Promise<TerminalExit>
  kill(): Promise<void>
  release(): Promise<void>
}

export interface TerminalExit {
  exitCode?: number | null
  signal?: string | null
}

export interface TerminalRequest {
  command: string
  args: string[]
  /** Absolute. */
  cwd: string
  env: { name: string; value: string }[]
  outputByteLimit: number
}

/** A question for the user as an ACP form (`elicitation/create`, mode `form`), tied to a tool call. */
export interface ElicitRequest {
  message: string
  /** The form: an object schema of primitive fields (ACP `ElicitationSchema`). */
  requestedSchema: Record<string, unknown>
  toolCallId?: string
}

/** What the user did: answered (`content` holds the form's fields), declined, or dismissed it. */
export interface ElicitAnswer {
  action: string
  content?: Record<string, unknown> | null
}

/** Each member is present only when the client advertised it. Paths are absolute. */
export interface ClientAccess {
  readTextFile?(path: string, signal: AbortSignal): Promise<string>
  writeTextFile?(path: string, content: string, signal: AbortSignal): Promise<void>
  createTerminal?(request: TerminalRequest, signal: AbortSignal): Promise<ClientTerminal>
  /** Ask the user (the client advertised `elicitation.form`); the signal withdraws the question. */
  elicit?(request: ElicitRequest, signal: AbortSignal): Promise<ElicitAnswer>
}
