import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([
    {
      id: 'call_00_write',
      name: 'write_file',
      arguments: JSON.stringify({ path: 'docs/README.md', content: '# Demo\n\nRun `npm start`.\n' }),
    },
  ]),
  textReply('Created docs/README.md.'),
]
