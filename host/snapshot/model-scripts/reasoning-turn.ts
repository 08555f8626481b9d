import { reasoningReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  reasoningReply('91 = 7 × 13, so it has divisors other than 1 and itself.', 'No: 91 is 7 × 13, so it is not prime.'),
]
