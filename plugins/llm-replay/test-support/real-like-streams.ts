// Random model turns shaped like real DeepSeek streams, for property tests: words in several
// scripts, CJK runs, emoji (with skin tones and ZWJ sequences), astral-plane characters, long
// reasoning, parallel tool calls whose argument deltas interleave, and network writes that cut
// UTF-8 characters in half. Deterministic per seed.
import type { ToolCallSpec, TurnSpec } from '../../../lib/model-wire/index.ts'

const ACCENTED = ['résumé', 'naïve', 'Straße']
const NON_LATIN = ['значение', 'λόγος']
const WORDS = ['the', 'file', 'config', ...ACCENTED, ...NON_LATIN, 'test', 'path']
const CJK = ['你好', '世界', '设置', 'ファイル', '한국어', '確認']
const EMOJI = ['😀', '👍🏽', '👩‍💻', '🚀', '🇯🇵', '❤️']
const ASTRAL = ['𝒜𝒷𝒸', '𠀀𠀁', '🜁', '𝔘𝔫𝔦', '𓀀']
const PUNCT = [',', '.', ':', '!', '?', '—', '…', '"', '(', ')']

export type Random = () => number

export function pick<T>(rand: Random, items: readonly T[]): T {
  const item = items[Math.floor(rand() * items.length)]
  if (item === undefined) throw new Error('pick: no items to pick from')
  return item
}

/** Real-like prose of about `words` words. */
export function realLikeText(rand: Random, words: number): string {
  const parts: string[] = []
  for (let index = 0; index < words; index++) {
    const roll = rand()
    const word =
      roll < 0.55
        ? pick(rand, WORDS)
        : roll < 0.7
          ? pick(rand, CJK)
          : roll < 0.82
            ? pick(rand, EMOJI)
            : pick(rand, ASTRAL)
    parts.push(index === 0 ? word : `${rand() < 0.1 ? '\n' : ' '}${word}`)
    if (rand() < 0.2) parts.push(pick(rand, PUNCT))
  }
  return parts.join('')
}

/** One model call: maybe long reasoning, maybe text, maybe parallel tool calls. */
export function realLikeTurn(rand: Random, callId: (index: number) => string): TurnSpec {
  const spec: TurnSpec = {}
  const long = rand() < 0.3
  if (rand() < 0.5 || long) spec.reasoning = realLikeText(rand, long ? 200 : 20)
  if (rand() < 0.7 || !spec.reasoning) spec.text = realLikeText(rand, 1 + Math.floor(rand() * 30))
  const calls = rand() < 0.5 ? Math.floor(rand() * 3) : 0
  if (calls) {
    spec.toolCalls = Array.from({ length: calls }, (_, index): ToolCallSpec => {
      const args =
        rand() < 0.5 ? { path: `notes ${realLikeText(rand, 2)}.txt` } : { command: `echo ${realLikeText(rand, 4)}` }
      return { id: callId(index), name: 'path' in args ? 'read_file' : 'bash', arguments: JSON.stringify(args) }
    })
    spec.interleave = rand() < 0.6
  }
  // Most turns cut every multi-byte character between two network writes.
  if (rand() < 0.7) spec.splitCharacters = true
  return spec
}
