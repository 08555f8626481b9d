import { expect, it } from 'vitest'
import { checkLines } from './line-checks.ts'

const bytes = (text: string) => new TextEncoder().encode(`${text}\n`)

/** One line through checkLines: what passed on, what was answered, what was warned. */
async function check(text: string) {
  const answers: string[] = []
  const warnings: string[] = []
  const passed: string[] = []
  const lines = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes(text))
      controller.close()
    },
  }).pipeThrough(checkLines({ answer: (line) => answers.push(line), warn: (line) => warnings.push(line) }))
  for await (const line of lines as unknown as AsyncIterable<Uint8Array>) passed.push(new TextDecoder().decode(line))
  return { passed, answers, warnings }
}

it('finds a top-level integer id JSON.parse would round, as written', async () => {
  const positive = await check('{"jsonrpc":"2.0","id":9007199254740993,"method":"x"}')
  expect(positive.passed).toEqual([])
  expect(positive.answers).toHaveLength(1)
  expect(positive.answers[0]).toMatch(/^\{"jsonrpc":"2\.0","id":9007199254740993,"error":/)
  const negative = await check('{"id" : -90071992547409930,"method":"x"}')
  expect(negative.answers[0]).toMatch(/^\{"jsonrpc":"2\.0","id":-90071992547409930,"error":/)
  expect(negative.warnings).toEqual([expect.stringContaining('its id -90071992547409930 is an integer beyond 2^53')])
})

it('leaves safe ids, string ids and nested "id" keys alone', async () => {
  for (const text of [
    '{"jsonrpc":"2.0","id":9007199254740991,"method":"x"}',
    '{"jsonrpc":"2.0","id":"9007199254740993","method":"x"}',
    '{"id":1,"method":"x","params":{"id":9007199254740993}}',
  ]) {
    expect(await check(text)).toEqual({ passed: [`${text}\n`], answers: [], warnings: [] })
  }
})
