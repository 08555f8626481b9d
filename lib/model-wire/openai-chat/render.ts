// A model.yml item on the OpenAI-compatible chat completions wire (DeepSeek's, OpenAI's, vLLM's…):
// the SSE events or HTTP error the model server sends for it. Pure.
import type { ModelScriptItem } from '../model-script.ts'
import type { StubScriptItem } from '../script.ts'
import { cutAfter, hang, httpError, modelTurn } from './builders.ts'

export function renderOpenAiChat(item: ModelScriptItem): StubScriptItem {
  switch (item.kind) {
    case 'reply': {
      const { cutAfter: keep, ...spec } = item.value
      const turn = modelTurn(spec)
      return keep === undefined ? turn : cutAfter(turn, keep, spec.end ?? 'disconnect')
    }
    case 'httpError': {
      const { status, message, type, code, retryAfter } = item.value
      const error = httpError(status, message, { type, ...(code !== undefined ? { code } : {}) })
      return retryAfter === undefined ? error : { ...error, retryAfter }
    }
    case 'hang':
      return hang()
    case 'sse':
      return { kind: 'sse', ...item.value }
    case 'error':
      return { kind: 'error', ...item.value }
  }
}
