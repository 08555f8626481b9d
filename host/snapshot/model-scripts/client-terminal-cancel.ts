import { toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

// The cancel waits for tool/update (the terminal is embedded), so terminal/create has answered.
export default [toolCallReply([{ id: 'call_00_sleep', name: 'bash', arguments: '{"command":"sleep 30"}' }])]
