import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([
    {
      id: 'call_00_write',
      name: 'write_file',
      arguments: JSON.stringify({ path: 'VERSION', content: 'version = 3\n' }),
    },
  ]),
  textReply('VERSION now says version = 3.'),
]
