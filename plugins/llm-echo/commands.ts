// The echo model's command language (see README.md): one command or text line per
// line of the last user message. Pure parsing, no timers or streams.

export type EchoFinishReason = 'stop' | 'tool-calls' | 'max-tokens'

export type EchoCommand =
  | { kind: 'text'; text: string }
  | { kind: 'think'; text: string }
  /** `ms: null` holds until the request is aborted (`sleep forever`). */
  | { kind: 'sleep'; ms: number | null }
  /** `arguments` is the raw text after the name, unvalidated, so bad JSON can be scripted too. */
  | { kind: 'tool'; name: string; arguments: string }
  | { kind: 'fail'; code: string; status?: number; message?: string }
  /** Fail the first `attempts` attempts of the call (a transient error the agent retries), then go on. */
  | { kind: 'flaky'; attempts: number; code: string; status?: number; message?: string }
  | { kind: 'finish'; reason: EchoFinishReason }

const FINISH_REASONS: readonly EchoFinishReason[] = ['stop', 'tool-calls', 'max-tokens']

/** A script line that starts with a command word but does not follow its syntax. */
export class EchoScriptError extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(
      `echo script line ${line}: ${problem}; see plugins/llm-echo/README.md (start the line with "\\" to echo it as ` +
        `text)`,
    )
    this.name = 'EchoScriptError'
  }
}

/**
 * Parse a user message into commands, in order. Leading and trailing blank lines are
 * dropped; a line starting with `\` is text with the backslash removed.
 * Throws EchoScriptError for a malformed command line.
 */
export function parseEchoScript(message: string): EchoCommand[] {
  const lines = message.split(/\r?\n/)
  const first = lines.findIndex((line) => line.trim())
  const last = lines.findLastIndex((line) => line.trim())
  if (first < 0) return []
  // Line numbers count the dropped leading lines too.
  return lines.slice(first, last + 1).map((line, index) => parseLine(line, first + index + 1))
}

function parseLine(line: string, lineNo: number): EchoCommand {
  if (line.startsWith('\\')) return { kind: 'text', text: line.slice(1) }
  const match = /^(\S+)(?:\s+(.*))?$/.exec(line)
  const word = match?.[1]
  const rest = (match?.[2] ?? '').trim()
  switch (word) {
    case 'sleep':
      return parseSleep(rest, lineNo)
    case 'tool':
      return parseTool(rest, lineNo)
    case 'think':
      if (!rest) throw new EchoScriptError(lineNo, '"think" needs text, e.g. "think check the tests first"')
      return { kind: 'think', text: rest }
    case 'fail':
      return parseFail(rest, lineNo)
    case 'flaky':
      return parseFlaky(rest, lineNo)
    case 'finish':
      return parseFinish(rest, lineNo)
    default:
      return { kind: 'text', text: line }
  }
}

function parseSleep(rest: string, lineNo: number): EchoCommand {
  if (rest === 'forever') return { kind: 'sleep', ms: null }
  if (!/^\d+$/.test(rest))
    throw new EchoScriptError(lineNo, `"sleep" needs whole milliseconds or "forever", got ${JSON.stringify(rest)}`)
  return { kind: 'sleep', ms: Number(rest) }
}

function parseTool(rest: string, lineNo: number): EchoCommand {
  const match = /^(\S+)(?:\s+(.*))?$/.exec(rest)
  if (!match) throw new EchoScriptError(lineNo, '"tool" needs a tool name, e.g. tool read_file {"path":"a.txt"}')
  const [, name = '', args] = match
  return { kind: 'tool', name, arguments: args?.trim() || '{}' }
}

function parseFail(rest: string, lineNo: number): EchoCommand {
  const match = /^(\S+)(?:\s+([1-5]\d\d)(?=\s|$))?(?:\s+(.*))?$/.exec(rest)
  if (!match) throw new EchoScriptError(lineNo, '"fail" needs an error code, e.g. "fail RATE_LIMITED 429 slow down"')
  const [, code = '', status, message] = match
  const command: EchoCommand = { kind: 'fail', code }
  if (status) command.status = Number(status)
  if (message?.trim()) command.message = message.trim()
  return command
}

function parseFlaky(rest: string, lineNo: number): EchoCommand {
  const [, attempts, failure] = /^(\d+)\s+(.+)$/.exec(rest) ?? []
  if (attempts === undefined || failure === undefined || Number(attempts) < 1)
    throw new EchoScriptError(lineNo, '"flaky" needs a count of attempts and an error code, e.g. "flaky 1 SERVER 503"')
  const fail = parseFail(failure, lineNo) as Extract<EchoCommand, { kind: 'fail' }>
  return { ...fail, kind: 'flaky', attempts: Number(attempts) }
}

function parseFinish(rest: string, lineNo: number): EchoCommand {
  if (!(FINISH_REASONS as readonly string[]).includes(rest)) {
    throw new EchoScriptError(lineNo, `"finish" needs one of ${FINISH_REASONS.join(', ')}, got ${JSON.stringify(rest)}`)
  }
  return { kind: 'finish', reason: rest as EchoFinishReason }
}
