import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([{ id: 'call_00_read', name: 'read_file', arguments: JSON.stringify({ path: 'draft.md' }) }]),
  textReply('Two items: write the intro, and add a conclusion.'),
]
