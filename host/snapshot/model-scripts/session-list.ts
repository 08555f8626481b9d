import { textReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [textReply('Hi!'), textReply('Bye!')]
