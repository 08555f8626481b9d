import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([{ id: 'call_00_read', name: 'read_file', arguments: '{"path":"src/math.js"}' }]),
  textReply('src/math.js exports one function, add(a, b), which returns a + b.'),
]
