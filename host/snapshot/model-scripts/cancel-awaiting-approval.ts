import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([{ id: 'call_00_rm', name: 'bash', arguments: '{"command":"rm -rf logs"}' }]),
  textReply('It would have removed the logs folder and everything in it.'),
]
