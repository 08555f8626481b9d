import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([
    {
      id: 'call_00_write',
      name: 'write_file',
      arguments: JSON.stringify({ path: 'NOTES.md', content: '# Notes\n\nbuy milk\n' }),
    },
  ]),
  textReply('This session is read-only, so I cannot change NOTES.md; switch the mode and ask again.'),
]
