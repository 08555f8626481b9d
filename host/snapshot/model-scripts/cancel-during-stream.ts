import { cutAfter, textReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  // The role chunk and two text pieces arrive, then the response stays open until the client cancels.
  cutAfter(textReply('The keeper climbed the stairs every night, counting each of the 117 steps.'), 3, 'hang'),
  textReply('"The 117 Steps".'),
]
