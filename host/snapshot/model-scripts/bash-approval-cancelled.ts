import { toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

// The empty permission queue answers `cancelled`; the turn stops, so there is no second model call.
export default [
  toolCallReply([{ id: 'call_00_test', name: 'bash', arguments: '{"command":"npm test"}' }], {
    text: 'Running the tests.',
  }),
]
