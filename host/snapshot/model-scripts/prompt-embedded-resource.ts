import { textReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [textReply('square(3) returns 9.')]
