import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([{ id: 'call_00_ls', name: 'list_dir', arguments: '{}' }]),
  toolCallReply([{ id: 'call_00_read', name: 'read_file', arguments: '{"path":"config.yml"}' }]),
  textReply('config.yml sets port 8080.'),
]
