import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([
    {
      id: 'call_00_edit',
      name: 'edit_file',
      arguments: JSON.stringify({ path: 'settings.yml', old_string: 'retry: 3', new_string: 'retry: 5' }),
    },
  ]),
  textReply('The file has no "retry: 3" line; I need to read it first.'),
]
