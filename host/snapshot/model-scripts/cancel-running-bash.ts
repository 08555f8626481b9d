import { toolCallReply } from '../../../plugins/llm-deepseek/stub-endpoint/index.ts'

// sleep prints nothing, so the result is the same whether the cancel lands just before the
// spawn (nothing starts) or while sleep runs (its process group is killed).
export default [toolCallReply([{ id: 'call_00_sleep', name: 'bash', arguments: '{"command":"sleep 30"}' }])]
