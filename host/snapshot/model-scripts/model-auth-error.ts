import { httpError } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

export default [
  httpError(401, 'Authentication Fails, Your api key: ****stub is invalid', {
    type: 'authentication_error',
    code: 'invalid_request_error',
  }),
]
