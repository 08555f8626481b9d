// A turn always writes its ending: when the composition shuts down mid-tool, and when a
// tool breaks its promise never to throw.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { bootComposition } from '../config/boot.ts'
import { openBridge } from '../../host/snapshot/service/bridge.ts'
import { SessionRecorder } from '../../host/snapshot/service/session-recorder.ts'
import { initialize, startHarness, type Harness } from '../acp/test-support/harness.ts'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')

let h: Harness | undefined
afterEach(async () => {
  await h?.close()
  h = undefined
})

const types = (h: Harness, sessionId: string) =>
  readFileSync(h.ctx.sessions.path(sessionId), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line))

describe('turn endings', () => {
  it('shutdown of the composition during a running tool waits for the turn to log its result and end', async () => {
    const base = mkdtempSync(join(tmpdir(), 'dsh-shutdown-'))
    const cwd = join(base, 'cwd')
    mkdirSync(cwd)
    const booted = await bootComposition({
      configFile: join(repoRoot, 'cordis.yml'),
      patches: [
        join(repoRoot, 'overlays', 'echo.cordis.yml'),
        {
          source: 'test',
          patches: [
            { id: 'session', config: { root: join(base, 'sessions') } },
            { id: 'acp', config: { transport: 'none' } },
          ],
        },
      ],
      log: () => {},
    })
    const host = openBridge(booted.ctx)
    const sessions = new SessionRecorder(booted.ctx, [])
    try {
      const client = acp
        .client({ name: 't' })
        .onNotification(acp.methods.client.session.update, () => {})
        .onRequest(acp.methods.client.session.requestPermission, () => ({
          outcome: { outcome: 'selected', optionId: 'allow_once' },
        }))
        .connect(host.clientStream)
      await initialize(client.agent)
      const { sessionId } = await client.agent.request(acp.methods.agent.session.new, { cwd, mcpServers: [] })
      void client.agent
        .request(acp.methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: 'text', text: 'tool bash {"command":"sleep 5"}' }],
        })
        .catch(() => undefined)
      await sessions.feed.waitFor(sessionId, { type: 'tool/start' }, 5000, 'the bash call to start')
      const path = booted.ctx.sessions.path(sessionId)
      await booted.dispose()
      const events = readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => JSON.parse(line))
      expect(events.slice(-4).map((e) => e.type)).toEqual(['tool/start', 'tool/result', 'step/end', 'turn/end'])
      expect(events.at(-1).data).toEqual({ turn: 1, reason: 'cancelled' })
    } finally {
      rmSync(base, { recursive: true, force: true })
    }
  })

  it('a tool that throws gives the model an error result and the turn goes on', async () => {
    h = await startHarness()
    h.ctx.tools.register({
      name: 'broken',
      description: 'throws',
      parameters: { type: 'object' },
      kind: 'other',
      needsApproval: false,
      title: () => 'broken',
      run: async () => {
        throw new Error('disk on fire')
      },
    })
    await initialize(h.agent)
    const { sessionId } = await h.agent.request(acp.methods.agent.session.new, { cwd: h.cwd, mcpServers: [] })
    const response = await h.agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'tool broken {}' }],
    })
    expect(response.stopReason).toBe('end_turn')
    const result = types(h, sessionId).find((e) => e.type === 'tool/result')
    expect(result.data).toMatchObject({ isError: true, output: 'Tool broken failed unexpectedly: disk on fire' })
  })
})
