// The lines of a long model stream, normalized without parsing them. Nearly every line of a
// long run is one streamed text delta: an `assistant/chunk` event in the log, a
// `session/update` message chunk in the transcript. Their shape is fixed, so a strict pattern
// recognizes them and they are rendered from their few variable parts — giving exactly the
// line the general path (parse, tokenize, stringify) gives, at a fraction of its cost. Any
// line that does not match the pattern to the byte takes the general path. Pure.
import type { NormalizeContext } from './context.ts'

/** A JSON string literal's body: no raw quote, backslash escape or control character. */
const STRING = String.raw`((?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*)`
/** A non-negative integer small enough to survive JSON.parse unchanged, spelled as stringify spells it. */
const INTEGER = '(0|[1-9][0-9]{0,14})'
/** What the session log reader accepts as `seq` (a positive safe integer) and `time` (a finite number). */
const SEQ = '[1-9][0-9]{0,14}'
const TIME = '-?(?:0|[1-9][0-9]{0,15})(?:\\.[0-9]+)?'

const EVENT_LINE = new RegExp(
  `^\\{(?:"seq":${SEQ},"time":${TIME},)?"type":"assistant/chunk",` +
    `"data":\\{"turn":${INTEGER},"step":${INTEGER},` +
    `"chunk":\\{"type":"(text-delta|reasoning-delta)","text":"${STRING}"\\}\\}\\}$`,
)
const UPDATE_LINE = new RegExp(
  `^\\{"jsonrpc":"2\\.0","method":"session/update","params":\\{"sessionId":"${STRING}",` +
    `"update":\\{"sessionUpdate":"(agent_message_chunk|agent_thought_chunk)",` +
    `"content":\\{"type":"text","text":"${STRING}"\\}\\}\\}\\}$`,
)

/** A log line holding one streamed delta. Its keys are what the general path would see, minus data. */
export class ChunkEventLine {
  readonly type = 'assistant/chunk'
  constructor(
    readonly raw: string,
    readonly turn: string,
    readonly step: string,
    readonly chunkType: string,
    readonly text: string,
  ) {}
}

/** A transcript line holding one streamed delta; `sessionId` is its one typed id, as in the full message. */
export class ChunkUpdateLine {
  readonly jsonrpc = '2.0'
  readonly method = 'session/update'
  constructor(
    readonly raw: string,
    readonly sessionId: string,
    readonly updateKind: string,
    readonly text: string,
  ) {}
}

export function matchChunkEvent(raw: string): ChunkEventLine | undefined {
  const match = EVENT_LINE.exec(raw)
  if (!match) return undefined
  const text = decodeLiteral(match[4])
  return text === undefined ? undefined : new ChunkEventLine(raw, match[1], match[2], match[3], text)
}

export function matchChunkUpdate(raw: string): ChunkUpdateLine | undefined {
  const match = UPDATE_LINE.exec(raw)
  if (!match) return undefined
  const sessionId = decodeLiteral(match[1])
  const text = decodeLiteral(match[3])
  if (sessionId === undefined || text === undefined) return undefined
  return new ChunkUpdateLine(raw, sessionId, match[2], text)
}

/**
 * The constant strings of both shapes pass through the same cwd and id replacement as every
 * other string; when one of them would change (an id spelled "session/update"…), the caller
 * renders these lines the general way instead.
 */
export function chunkLinesRenderable(ctx: NormalizeContext): boolean {
  const constants = ['assistant/chunk', 'text-delta', 'reasoning-delta', '2.0', 'session/update', 'text']
  constants.push('agent_message_chunk', 'agent_thought_chunk')
  return constants.every((text) => replaceText(text, ctx) === text)
}

/** The fixture line of a chunk event (`seq`/`time` dropped), as the general path renders it. */
export function renderChunkEvent(line: ChunkEventLine, ctx: NormalizeContext): string {
  const text = JSON.stringify(replaceText(line.text, ctx))
  const chunk = `{"type":"${line.chunkType}","text":${text}}`
  return `{"type":"assistant/chunk","data":{"turn":${line.turn},"step":${line.step},"chunk":${chunk}}}`
}

/** The golden line of a chunk update (its session id tokenized), as the general path renders it. */
export function renderChunkUpdate(line: ChunkUpdateLine, ctx: NormalizeContext): string {
  const session = JSON.stringify(ctx.tokens.tokenFor('session', line.sessionId))
  const text = JSON.stringify(replaceText(line.text, ctx))
  const update = `{"sessionUpdate":"${line.updateKind}","content":{"type":"text","text":${text}}}`
  return `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":${session},"update":${update}}}`
}

function replaceText(text: string, ctx: NormalizeContext): string {
  return ctx.tokens.replaceKnownIds(ctx.replaceCwd(text))
}

/** The string a literal body stands for; undefined when JSON would not accept it. */
function decodeLiteral(body: string): string | undefined {
  if (!body.includes('\\')) return body
  try {
    return JSON.parse(`"${body}"`) as string
  } catch {
    return undefined
  }
}
