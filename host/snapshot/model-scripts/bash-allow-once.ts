import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([{ id: 'call_00_wc', name: 'bash', arguments: '{"command":"wc -l < todo.txt"}' }]),
  textReply('todo.txt has 3 lines.'),
]
