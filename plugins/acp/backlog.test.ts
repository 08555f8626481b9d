import { expect, it } from 'vitest'
import { Backlog } from './backlog.ts'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

it('asks the producer to wait past its limit, until every queued message is written', async () => {
  const backlog = new Backlog(2)
  const writes = [deferred(), deferred(), deferred()]
  backlog.track(writes[0]!.promise)
  backlog.track(writes[1]!.promise)
  expect(backlog.wait()).toBeUndefined()
  backlog.track(writes[2]!.promise)
  const wait = backlog.wait()
  expect(wait).toBeInstanceOf(Promise)
  let settled = false
  void wait!.then(() => {
    settled = true
  })
  for (const write of writes) write.resolve()
  await wait
  expect(settled).toBe(true)
  expect(backlog.size).toBe(0)
  expect(backlog.wait()).toBeUndefined()
})

it('lets a cancelled turn go on without waiting for a client that never reads', async () => {
  const backlog = new Backlog(0)
  backlog.track(new Promise<void>(() => {}))
  const controller = new AbortController()
  const wait = backlog.wait(controller.signal)
  controller.abort()
  await wait
  expect(backlog.wait(controller.signal)).toBeUndefined()
})
