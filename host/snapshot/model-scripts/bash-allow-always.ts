import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([{ id: 'call_00_mkdir', name: 'bash', arguments: '{"command":"mkdir out && echo created out"}' }]),
  // Same tool, same session: the standing allow_always answers; the client is not asked again.
  toolCallReply([{ id: 'call_00_ls', name: 'bash', arguments: '{"command":"ls -A out | wc -l"}' }]),
  textReply('Created out/; it is empty (0 entries).'),
]
