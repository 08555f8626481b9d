import { cutAfter, textReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

// Events: the role chunk, then the text in token-like pieces; keep the role chunk and two pieces, then reset the socket.
export default [cutAfter(textReply('A mutex lets only one thread at a time enter a critical section.'), 3)]
