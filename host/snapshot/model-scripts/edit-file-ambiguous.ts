import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

const edit = (id: string, extra: object) => ({
  id,
  name: 'edit_file',
  arguments: JSON.stringify({
    path: 'app.toml',
    old_string: 'host = "localhost"',
    new_string: 'host = "0.0.0.0"',
    ...extra,
  }),
})

export default [
  toolCallReply([edit('call_00_edit', {})]),
  toolCallReply([edit('call_01_edit_all', { replace_all: true })]),
  textReply('Both hosts in app.toml are now 0.0.0.0.'),
]
