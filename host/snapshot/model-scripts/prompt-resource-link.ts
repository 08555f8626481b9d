import { textReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [textReply('notes.md is a Markdown document in the docs folder.')]
