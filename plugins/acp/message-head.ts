// What can be learned of a JSON-RPC message too large to parse: its top-level "id" and
// "method", read in one pass over the bytes with constant memory (see docs/acp-message-limit.md).

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const COMMA = 0x2c
const COLON = 0x3a

/** Longer ids or method names are not plausible; their capture is abandoned. */
const MAX_VALUE_BYTES = 1024
const WANTED_KEYS = new Set(['id', 'method'])

export interface MessageHead {
  /** Bytes of the message (its line, without the newline). */
  bytes: number
  /** The top-level "id" when it is a string or a number; null when absent or unusable. */
  id: string | number | null
  /** Whether the message has a top-level "id" key at all (a request or a response). */
  hasId: boolean
  /** The top-level "method" when it is a string (a request or a notification). */
  method?: string
  /** Whether a top-level "result" or "error" key was read (a response), as far as the bytes went. */
  answers: boolean
}

export class MessageHeadScanner {
  private bytes = 0
  private depth = 0
  private topIsObject = false
  private inString = false
  private escaped = false
  private expectKey = false
  private key: number[] | undefined
  private completedKey: string | undefined
  private capturing: string | undefined
  private captured: number[] = []
  private readonly raw = new Map<string, string>()
  private answers = false

  push(chunk: Uint8Array): void {
    this.bytes += chunk.byteLength
    // Both keys found: the rest only needs counting.
    if (this.raw.size === WANTED_KEYS.size) return
    for (const byte of chunk) this.step(byte)
  }

  head(): MessageHead {
    // A message cut off right after a value still names it.
    if (this.capturing !== undefined) this.endCapture()
    const id = parseScalar(this.raw.get('id'))
    const method = parseScalar(this.raw.get('method'))
    const head: MessageHead = {
      bytes: this.bytes,
      id: typeof id === 'string' || typeof id === 'number' ? id : null,
      hasId: this.raw.has('id'),
      answers: this.answers,
    }
    if (typeof method === 'string') head.method = method
    return head
  }

  /** The text of a wanted top-level key's value as written (for an id JSON.parse would round). */
  rawValue(key: string): string | undefined {
    if (this.capturing === key) this.endCapture()
    return this.raw.get(key)
  }

  private step(byte: number): void {
    const endsValue = !this.inString && this.depth === 1 && (byte === COMMA || byte === CLOSE_OBJECT)
    if (this.capturing !== undefined) {
      if (endsValue) this.endCapture()
      else if (this.captured.length < MAX_VALUE_BYTES) this.captured.push(byte)
      else this.capturing = undefined
    }
    if (this.inString) {
      this.stepInString(byte)
      return
    }
    switch (byte) {
      case QUOTE:
        this.inString = true
        if (this.depth === 1 && this.expectKey) {
          this.key = []
          this.expectKey = false
        }
        break
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        this.depth++
        if (this.depth === 1 && byte === OPEN_OBJECT) {
          this.topIsObject = true
          this.expectKey = true
        }
        break
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        this.depth--
        break
      case COMMA:
        if (this.depth === 1 && this.topIsObject) this.expectKey = true
        break
      case COLON:
        if (this.depth === 1 && this.completedKey !== undefined) {
          if (this.completedKey === 'result' || this.completedKey === 'error') this.answers = true
          if (WANTED_KEYS.has(this.completedKey) && !this.raw.has(this.completedKey)) {
            this.capturing = this.completedKey
            this.captured = []
          }
          this.completedKey = undefined
        }
        break
    }
  }

  private stepInString(byte: number): void {
    if (this.escaped) this.escaped = false
    else if (byte === BACKSLASH) this.escaped = true
    else if (byte === QUOTE) {
      this.inString = false
      if (this.key) {
        this.completedKey = String.fromCharCode(...this.key)
        this.key = undefined
      }
      return
    }
    if (this.key && this.key.length < 16) this.key.push(byte)
  }

  private endCapture(): void {
    this.raw.set(this.capturing!, Buffer.from(this.captured).toString('utf8'))
    this.capturing = undefined
    this.captured = []
  }
}

function parseScalar(text: string | undefined): unknown {
  if (text === undefined) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
