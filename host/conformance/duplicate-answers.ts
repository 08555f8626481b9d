// JSON-RPC allows one response per request. The SDK settles a request with the first response
// and drops a second one under the same id without a word, so an agent that answers twice
// would pass; the trace shows it. Pure: a function of the wire.
import type { WireEntry } from './trace.ts'

/** One problem per request id the agent answered more than once, naming the method and the wire positions. */
export function duplicateAnswers(wire: readonly WireEntry[]): string[] {
  const methods = new Map<string, string>()
  const answers = new Map<string, number[]>()
  for (const entry of wire) {
    const { message } = entry
    if (!('id' in message) || message.id === null || message.id === undefined) continue
    const id = JSON.stringify(message.id)
    if (entry.dir === 'out' && typeof message.method === 'string') methods.set(id, message.method)
    if (entry.dir === 'in' && !('method' in message) && ('result' in message || 'error' in message))
      answers.set(id, [...(answers.get(id) ?? []), entry.seq])
  }
  return [...answers]
    .filter(([, seqs]) => seqs.length > 1)
    .map(
      ([id, seqs]) =>
        `the agent answered request id ${id}${methods.has(id) ? ` (${methods.get(id)})` : ''} ${seqs.length} times ` +
        `(wire #${seqs.join(', #')}); JSON-RPC allows one response per request, and a client keeps only the first`,
    )
}
