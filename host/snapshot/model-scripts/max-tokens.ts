import { modelTurn } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  modelTurn({
    text: 'The primes below 100 are 2, 3, 5, 7, 11, 13, 17, 19, 23',
    finishReason: 'length',
  }),
]
