// issue 28 item 7, against the real dsh: SIGTERM or SIGINT mid-turn answers every in-flight
// session/prompt `cancelled` on stdout before the process exits.
import { afterEach, expect, it } from 'vitest'
import { withTimeout } from '../../lib/with-timeout.ts'
import { cleanupDshProcesses, scratch } from '../../host/app/test-support/dsh-process.ts'
import { cleanupRawDsh, RawDsh } from './test-support/raw-dsh.ts'

afterEach(async () => {
  cleanupRawDsh()
  await cleanupDshProcesses()
})

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  it(`answers every running prompt "cancelled" before exiting on ${signal}`, async () => {
    const { cwd, sessions } = scratch()
    const dsh = new RawDsh(cwd, sessions)
    const first = await dsh.openSession(cwd)
    dsh.request(3, 'session/new', { cwd, mcpServers: [] })
    const second = ((await dsh.response(3)).result as { sessionId: string }).sessionId
    const hang = (text: string) => [{ type: 'text', text: `${text}\nsleep forever` }]
    dsh.request(4, 'session/prompt', { sessionId: first, prompt: hang('one') })
    dsh.request(5, 'session/prompt', { sessionId: second, prompt: hang('two') })
    for (const sessionId of [first, second])
      await dsh.waitFor(
        (m) => m.method === 'session/update' && (m.params as { sessionId: string }).sessionId === sessionId,
        10_000,
        `a session/update for ${sessionId}`,
      )

    dsh.child.kill(signal)
    await withTimeout(dsh.stdoutEnded, 10_000, `dsh's stdout to end after ${signal}`)
    const answers = dsh.messages.filter((m) => m.id === 4 || m.id === 5)
    expect(answers, dsh.stderr()).toEqual([
      { jsonrpc: '2.0', id: 4, result: { stopReason: 'cancelled' } },
      { jsonrpc: '2.0', id: 5, result: { stopReason: 'cancelled' } },
    ])
    expect(await dsh.exited).toEqual({ code: 0, signal: null })
  })
}
