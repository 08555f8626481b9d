import { textReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  textReply('Noted: your favourite colour is teal.', { deltas: 2 }),
  // Turn 2: the request holds turn 1's user and assistant messages before the new prompt.
  textReply('Your favourite colour is teal.', { deltas: 2, usage: { input: 38, output: 7, cached: 24 } }),
]
