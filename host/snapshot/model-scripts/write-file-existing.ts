import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply([
    {
      id: 'call_00_write',
      name: 'write_file',
      arguments: JSON.stringify({
        path: 'config.json',
        content: '{\n  "name": "demo",\n  "port": 8080,\n  "debug": false\n}\n',
      }),
    },
  ]),
  textReply('config.json now uses port 8080.'),
]
