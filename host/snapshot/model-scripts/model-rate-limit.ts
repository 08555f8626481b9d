import { httpError, textReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  httpError(429, 'Rate limit reached for requests', { type: 'rate_limit_error', code: 'rate_limit_exceeded' }),
  // Turn 2: turn 1 left only the user message in the history (no assistant message).
  textReply('Sorry, I have no README to summarise yet; please share it.'),
]
