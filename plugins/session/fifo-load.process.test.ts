// issue 43, hang 9: session/load of a session whose log is a FIFO. The real dsh blocked in open(2),
// deaf to stdin EOF and SIGTERM; now the load is refused by name, the agent goes on answering, and it
// stops on stdin EOF as usual.
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, expect, it } from 'vitest'
import { withTimeout } from '../../lib/with-timeout.ts'
import { cleanupDshProcesses, scratch, startDsh } from '../../host/app/test-support/dsh-process.ts'

afterEach(() => cleanupDshProcesses())

it('refuses to load a FIFO log, answers the next request, and stops on EOF', async () => {
  const { cwd, sessions } = scratch()
  const sessionId = '0b5e7c1d-fifo-4f00-9a7e-3c2d1e0f4a5b'
  execFileSync('mkfifo', [join(sessions, `${sessionId}.jsonl`)])
  const dsh = startDsh(cwd, sessions)
  await dsh.rpc.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
  const load = dsh.rpc.request(acp.methods.agent.session.load, { sessionId, cwd, mcpServers: [] })
  const refused = await withTimeout(
    load.then(
      () => 'loaded',
      (error: Error) => error.message,
    ),
    15_000,
    'the answer to session/load of a FIFO log',
  )
  expect(refused).toContain('is a FIFO (named pipe), not a log file dsh wrote')
  const next = await withTimeout(
    dsh.rpc.request(acp.methods.agent.session.new, { cwd, mcpServers: [] }),
    15_000,
    'session/new after the refused load',
  )
  expect(next.sessionId).toMatch(/\S/)
  expect(await dsh.agent.shutdown()).toMatchObject({ via: 'eof', code: 0 })
}, 60_000)
