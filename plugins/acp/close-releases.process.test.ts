// issue 43 item 12, against the real dsh: session/close kept the log's descriptor and its .lock, so
// under `ulimit -n 256` session/new failed with EMFILE after 238 cycles, and no other dsh could load a
// closed session. Now close lets go of both.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { cleanupDshProcesses, scratch } from '../../host/app/test-support/dsh-process.ts'
import { cleanupRawDsh, RawDsh } from './test-support/raw-dsh.ts'

afterEach(async () => {
  cleanupRawDsh()
  await cleanupDshProcesses()
})

const openFiles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length

it('new + close 200 times under ulimit -n 96: no EMFILE, no descriptor or lock left behind', async () => {
  const { cwd, sessions } = scratch()
  const dsh = new RawDsh(cwd, sessions, true, { openFiles: 96 })
  dsh.request(1, 'initialize', { protocolVersion: 1, clientCapabilities: {} })
  await dsh.response(1)
  const before = openFiles(dsh.pid)
  let id = 2
  let last = ''
  for (let cycle = 0; cycle < 200; cycle++) {
    dsh.request(id, 'session/new', { cwd, mcpServers: [] })
    const created = await dsh.response(id++)
    expect(created.error, `cycle ${cycle}: ${dsh.stderr()}`).toBeUndefined()
    last = (created.result as { sessionId: string }).sessionId
    dsh.request(id, 'session/close', { sessionId: last })
    expect((await dsh.response(id++)).error, `cycle ${cycle}`).toBeUndefined()
    // Keep the client's view small: the updates of closed sessions are not needed.
    dsh.messages.length = 0
  }
  expect(openFiles(dsh.pid)).toBeLessThanOrEqual(before + 2)
  expect(readdirSync(sessions).filter((name) => name.endsWith('.lock'))).toEqual([])

  // Another dsh loads the closed session while the first still runs.
  const other = new RawDsh(cwd, sessions)
  other.request(1, 'initialize', { protocolVersion: 1, clientCapabilities: {} })
  other.request(2, 'session/load', { sessionId: last, cwd, mcpServers: [] })
  expect((await other.response(2)).error, other.stderr()).toBeUndefined()
  expect(existsSync(join(sessions, `${last}.jsonl.lock`))).toBe(true)
})
