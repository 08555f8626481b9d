import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([{ id: 'call_00_rm', name: 'bash', arguments: '{"command":"rm -rf build"}' }]),
  textReply('You rejected removing build/, so I left it in place.'),
]
