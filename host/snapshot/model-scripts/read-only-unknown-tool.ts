import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  // A model may still name a tool it was not offered; the agent answers with an error result.
  toolCallReply([{ id: 'call_00_build', name: 'bash', arguments: '{"command":"npm run build"}' }]),
  textReply('I cannot run commands here: only read_file and list_dir are available.'),
]
