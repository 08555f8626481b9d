import { expect, test } from 'vitest'
import { LoopbackOnlyError } from './loopback.ts'
import { startStubEndpoint } from './server.ts'

test('the server refuses any address but loopback, by name, and binds 127.x and ::1', async () => {
  await expect(startStubEndpoint({ host: '0.0.0.0' })).rejects.toThrow(LoopbackOnlyError)
  await expect(startStubEndpoint({ host: '192.168.1.5' })).rejects.toThrow(/loopback addresses only/)
  const server = await startStubEndpoint({ host: '127.0.0.1' })
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  await server.close()
})
