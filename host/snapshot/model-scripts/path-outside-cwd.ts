import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([
    { id: 'call_00_env', name: 'read_file', arguments: '{"path":"../.env"}' },
    { id: 'call_01_passwd', name: 'read_file', arguments: '{"path":"/etc/passwd"}' },
  ]),
  textReply('I can only read files inside the project folder, so I cannot show either file.'),
]
