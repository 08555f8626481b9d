import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([
    {
      id: 'call_00_check',
      name: 'bash',
      arguments: JSON.stringify({
        command: 'echo checking; test -f config.json || { echo "config.json is missing" >&2; exit 2; }',
      }),
    },
  ]),
  textReply('config.json does not exist (the check exited with code 2).'),
]
