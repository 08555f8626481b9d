import { textReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [textReply('Hello there, nice to meet you!')]
