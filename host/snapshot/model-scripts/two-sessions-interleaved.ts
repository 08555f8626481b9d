import { cutAfter, textReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

// Requests reach the stub in script order: A's stream, B's turn (while A still streams), then A and B again.
export default [
  cutAfter(textReply('The French Revolution began in 1789 when the Estates-General met at Versailles.'), 3, 'hang'),
  textReply('6 × 7 = 42.'),
  textReply('1789.'),
  textReply('42 + 8 = 50.'),
]
