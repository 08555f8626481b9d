// Fixtures store the session's temp cwd as `{{cwd}}`, also inside model output (a tool call
// naming an absolute path). Served chunks get the live cwd back, or the tool would look for
// a literal "{{cwd}}" directory. The scan runs once at load, so serving a chunk without the
// token costs nothing.
import type { StreamChunk } from '../llm/types.ts'
import type { ScriptEntry } from './derive.ts'
import { CWD_TOKEN } from './drift.ts'

/** Per script entry: the indexes of chunks that mention `{{cwd}}`, or undefined when none do. */
export function findCwdTokens(script: readonly ScriptEntry[]): Array<number[] | undefined> {
  return script.map(({ entry }) => {
    if (!entry.chunks) return undefined
    const hits: number[] = []
    entry.chunks.forEach((chunk, index) => {
      if (chunkText(chunk)?.includes(CWD_TOKEN)) hits.push(index)
    })
    return hits.length ? hits : undefined
  })
}

/** A copy of `chunk` with `{{cwd}}` replaced; tool-call arguments are JSON text, so the cwd goes in JSON-escaped. */
export function withLiveCwd(chunk: StreamChunk, cwd: string): StreamChunk {
  switch (chunk.type) {
    case 'text-delta':
    case 'reasoning-delta':
      return { ...chunk, text: chunk.text.split(CWD_TOKEN).join(cwd) }
    case 'tool-call-delta':
      return { ...chunk, argumentsDelta: chunk.argumentsDelta.split(CWD_TOKEN).join(JSON.stringify(cwd).slice(1, -1)) }
    default:
      return chunk
  }
}

function chunkText(chunk: StreamChunk): string | undefined {
  if (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta') return chunk.text
  if (chunk.type === 'tool-call-delta') return chunk.argumentsDelta
  return undefined
}
