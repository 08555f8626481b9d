import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  // seq 1 300 prints 1092 bytes; the small-output overlay keeps 100 + 100 of them.
  toolCallReply([{ id: 'call_00_seq', name: 'bash', arguments: '{"command":"seq 1 300"}' }]),
  textReply('Done; the output was long, so the middle was cut.'),
]
