import { toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

// Two model calls are allowed; after the second call's tool result the turn stops without a third.
export default [
  toolCallReply([{ id: 'call_00_ls', name: 'list_dir', arguments: '{"path":"."}' }]),
  toolCallReply([{ id: 'call_00_ls_a', name: 'list_dir', arguments: '{"path":"a"}' }]),
]
