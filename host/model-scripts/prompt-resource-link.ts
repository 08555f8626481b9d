import { textReply } from '../stub-endpoint/index.ts'

export default [textReply('notes.md is a Markdown document in the docs folder.', { deltas: 2 })]
