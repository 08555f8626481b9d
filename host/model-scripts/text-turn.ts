import { textReply } from '../stub-endpoint/index.ts'

export default [textReply('Hello there, nice to meet you!', { deltas: 4 })]
