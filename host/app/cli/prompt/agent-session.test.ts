// The session `dsh prompt` and `dsh chat` open is served by the shared editor client: dsh's own
// composition with the keyless echo model, booted in this process, reads and writes the cwd's files
// through fs/* and runs bash in the client's terminal.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type * as acp from '@agentclientprotocol/sdk'
import { afterAll, describe, expect, it } from 'vitest'
import type { FileOp } from '../../../../lib/acp-client/editor-fs.ts'
import { packageFile } from '../../../../lib/package-root.ts'
import { openAgentSession } from './agent-session.ts'

const scratch = mkdtempSync(join(tmpdir(), 'dsh-agent-session-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** One prompt per text, in one session; what the agent asked of the client and sent back. */
async function promptAll(cwd: string, texts: string[]) {
  const ops: FileOp[] = []
  const updates: acp.SessionUpdate[] = []
  const session = await openAgentSession({
    configFile: packageFile('cordis.yml'),
    patches: [packageFile('overlays', 'echo.cordis.yml')],
    env: { DSH_SESSIONS_ROOT: join(scratch, 'sessions') },
    cwd,
    log: () => {},
    onUpdate: (notification) => updates.push(notification.update),
    onPermission: async (params) => ({ outcome: { outcome: 'selected', optionId: params.options[0]!.optionId } }),
    onFileOp: (op) => ops.push(op),
  })
  try {
    for (const text of texts) expect(await session.prompt(text)).toBe('end_turn')
  } finally {
    await session.close()
  }
  const said = updates.flatMap((u) =>
    u.sessionUpdate === 'agent_message_chunk' && u.content.type === 'text' ? [u.content.text] : [],
  )
  return { ops, updates, said: said.join('') }
}

describe('openAgentSession', () => {
  it('serves read_file and write_file through the client (fs/read_text_file, fs/write_text_file)', async () => {
    const cwd = mkdtempSync(join(scratch, 'cwd-'))
    writeFileSync(join(cwd, 'note.txt'), 'served by the client\n')
    const { ops, said } = await promptAll(cwd, [
      'tool read_file {"path":"note.txt"}',
      'tool write_file {"path":"out/new.txt","content":"written"}',
    ])
    expect(ops).toEqual([
      { op: 'read', sessionId: expect.any(String), path: join(cwd, 'note.txt'), relative: 'note.txt', outcome: 'ok' },
      expect.objectContaining({ op: 'write', path: join(cwd, 'out', 'new.txt'), outcome: 'ok' }),
    ])
    expect(said).toContain('served by the client')
    expect(readFileSync(join(cwd, 'out', 'new.txt'), 'utf8')).toBe('written')
  }, 30_000)

  it("runs bash in the client's terminal, which the tool call embeds", async () => {
    const cwd = mkdtempSync(join(scratch, 'cwd-'))
    const { updates, said } = await promptAll(cwd, ['tool bash {"command":"echo in the terminal; pwd"}'])
    const embedded = updates.flatMap((u) =>
      u.sessionUpdate === 'tool_call_update' || u.sessionUpdate === 'tool_call'
        ? (u.content ?? []).filter((c) => c.type === 'terminal')
        : [],
    )
    expect(embedded[0]).toEqual({ type: 'terminal', terminalId: 'term-1' })
    expect(said).toContain('in the terminal')
  }, 30_000)
})
