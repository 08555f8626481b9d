import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([
    {
      id: 'call_00_edit',
      name: 'edit_file',
      arguments: JSON.stringify({
        path: 'src/greet.js',
        old_string: '  return "Hello, " + name',
        new_string: '  return "Hello, " + name + "!"',
      }),
    },
  ]),
  textReply('greet() now ends the greeting with an exclamation mark.'),
]
