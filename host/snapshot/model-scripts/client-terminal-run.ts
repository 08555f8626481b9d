import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([
    {
      id: 'call_00_run',
      name: 'bash',
      arguments: JSON.stringify({ command: 'echo "hello from the terminal"; exit 3' }),
    },
  ]),
  textReply('It printed "hello from the terminal" and exited with status 3.'),
]
