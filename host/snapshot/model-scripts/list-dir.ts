import { textReply, toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  // No path argument: list_dir defaults to the working directory.
  toolCallReply([{ id: 'call_00_ls', name: 'list_dir', arguments: '{}' }]),
  textReply('A README, a .gitignore, b.txt, a link to the README, an empty folder and src/.'),
]
