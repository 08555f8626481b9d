// --stub per adapter (docs/model-providers.md): a wire the model server speaks is pointed at it, any
// other adapter is replaced by the scripted stand-in, a wire it does not speak is a named error; a
// model.yml item a wire in use cannot say is refused before anything runs.
import { describe, expect, it } from 'vitest'
import type { ComposedAdapter } from '../../../plugins/config/index.ts'
import { startRecordingStub } from '../fixtures/record-stub.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import { stubPatch } from './model-stub.ts'

const adapter = (entry: string, info: Partial<ComposedAdapter['info']>, enabled = true): ComposedAdapter => ({
  entry,
  enabled,
  info: { label: entry, models: [`${entry}-model`], network: true, ...info },
})
const openai = adapter('openai', {
  key: { env: 'OPENAI_API_KEY' },
  wire: { kind: 'openai-chat', baseUrlConfig: 'baseUrl' },
})
const anthropic = adapter('claude', { wire: { kind: 'anthropic-messages', baseUrlConfig: 'endpoint' } })
const bespoke = adapter('bespoke', {})

describe('stubPatch', () => {
  it('points wire adapters at the server through their config key, and stands in for the rest', () => {
    const { patch, route, keys } = stubPatch(
      [openai, anthropic, bespoke, adapter('off', {}, false)],
      'http://127.0.0.1:1',
    )
    expect(patch.patches).toEqual([
      { id: 'openai', config: { baseUrl: 'http://127.0.0.1:1' } },
      { id: 'claude', config: { endpoint: 'http://127.0.0.1:1' } },
      { id: 'bespoke', disabled: true },
      { insert: [expect.objectContaining({ id: 'dsh-scripted-model', config: { url: 'http://127.0.0.1:1' } })] },
    ])
    expect(route).toEqual({ wires: ['openai-chat', 'anthropic-messages'], standIn: true })
    expect(keys).toEqual(['OPENAI_API_KEY'])
  })

  it('refuses a wire the model server does not speak, naming the entry and what to do', () => {
    const gemini = adapter('gemini', { label: 'Gemini', wire: { kind: 'gemini', baseUrlConfig: 'url' } })
    expect(() => stubPatch([gemini], 'http://127.0.0.1:1')).toThrow(
      new RegExp(
        String.raw`entry "gemini" \(Gemini\) declares the wire "gemini", which dsh's model server does not speak ` +
          String.raw`\(it speaks openai-chat, anthropic-messages\); declare one of those, or no wire`,
      ),
    )
  })
})

describe('startRecordingStub', () => {
  const scenario = (model: LoadedScenario['model']) =>
    ({ name: 'x', model, manifest: { header: { class: 'default' } } }) as unknown as LoadedScenario

  it('refuses an item a wire in use cannot say, naming the item, the wire and why; nothing is served', async () => {
    const raw = scenario([
      { kind: 'reply', value: { text: 'ok' } },
      { kind: 'sse', value: { events: ['data: {}'] } },
    ])
    const anthropic = startRecordingStub(raw, { wires: ['anthropic-messages'], standIn: false })
    await expect(anthropic).rejects.toThrow(
      /scenario x: scenarios\/x\/model\.yml item 2 \(sse\) cannot be served on the anthropic-messages wire: /,
    )
    await expect(anthropic).rejects.toThrow(
      /: raw `sse` events are OpenAI chat-completions events.*; nothing was recorded/,
    )
    await expect(startRecordingStub(raw, { wires: [], standIn: true })).rejects.toThrow(
      /item 2 \(sse\) cannot be served on the scripted stand-in \(an adapter without a wire\)/,
    )
    const served = await startRecordingStub(raw, { wires: ['openai-chat'], standIn: false })
    expect(served.remaining()).toBe(2)
    await served.close()
  })
})
