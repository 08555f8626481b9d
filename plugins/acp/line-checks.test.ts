import { expect, it } from 'vitest'
import { unsafeIntegerId } from './line-checks.ts'

const bytes = (text: string) => new TextEncoder().encode(`${text}\n`)

it('finds a top-level integer id JSON.parse would round, as written', () => {
  expect(unsafeIntegerId(bytes('{"jsonrpc":"2.0","id":9007199254740993,"method":"x"}'))?.raw).toBe('9007199254740993')
  expect(unsafeIntegerId(bytes('{"id" : -90071992547409930,"method":"x"}'))?.raw).toBe('-90071992547409930')
})

it('leaves safe ids, string ids and nested "id" keys alone', () => {
  expect(unsafeIntegerId(bytes('{"jsonrpc":"2.0","id":9007199254740991,"method":"x"}'))).toBeUndefined()
  expect(unsafeIntegerId(bytes('{"jsonrpc":"2.0","id":"9007199254740993","method":"x"}'))).toBeUndefined()
  expect(unsafeIntegerId(bytes('{"id":1,"method":"x","params":{"id":9007199254740993}}'))).toBeUndefined()
})
