import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([{ id: 'call_00_read', name: 'read_file', arguments: '{"path":"users.txt"}' }]),
  textReply('users.txt is a symlink to a file outside the project, so I cannot read it.'),
]
