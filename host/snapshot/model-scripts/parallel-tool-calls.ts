import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  toolCallReply(
    [
      { id: 'call_00_toml', name: 'read_file', arguments: '{"path":"app.toml"}' },
      { id: 'call_01_log', name: 'read_file', arguments: '{"path":"CHANGELOG.md"}' },
    ],
    { interleave: true },
  ),
  textReply('Yes: app.toml says 1.2.0 and CHANGELOG.md has a 1.2.0 section.'),
]
