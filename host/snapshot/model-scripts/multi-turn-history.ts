import { textReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  textReply('Noted: your favourite colour is teal.'),
  // Turn 2: the request holds turn 1's user and assistant messages before the new prompt; that
  // repeated prefix is partly served from DeepSeek's context cache.
  textReply('Your favourite colour is teal.', { usage: { cached: 24 } }),
]
