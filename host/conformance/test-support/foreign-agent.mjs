// A small ACP agent that is not dsh, for the runner's own tests: it behaves the way the third-party
// agents of the issue 42 trial did. It advertises no session/resume or session/close, offers config
// options of its own (no echo models), answers set_config_option with the full state and notifies
// nothing for the client's own change. Plain JavaScript, so `node` starts it without a loader.
// (The SDK's `acp.agent()` builder is the agent side of @agentclientprotocol/sdk 2.x, which replaced
// AgentSideConnection.) Flags:
//   --auth              advertises authMethods "token" and "browser"; session/new fails with
//                       auth_required (-32000) until `authenticate` with "token" (FOREIGN_TOKEN set)
//   --ansi              writes a coloured first line and 60 noise lines to stderr when it starts
//   --bare-config-reply answers set_config_option with {} (no configOptions: not per ACP)
// Prompt text: "fail" answers -32603 "Internal error" with the cause in the error's data (coloured);
// anything else is echoed as one agent_message_chunk.
import { Readable, Writable } from 'node:stream'
import * as acp from '@agentclientprotocol/sdk'

const flags = new Set(process.argv.slice(2))
const red = (text) => `\u001b[1;31m${text}\u001b[0m`
if (flags.has('--ansi')) {
  process.stderr.write(`${red('FATAL: the decisive first line')}\n`)
  for (let i = 1; i <= 60; i++) process.stderr.write(`\u001b[2mnoise line ${i} ${'.'.repeat(60)}\u001b[0m\n`)
}

const AUTH_METHODS = [
  { id: 'token', name: 'Token', description: 'set FOREIGN_TOKEN in the environment' },
  { id: 'browser', name: 'Browser login' },
]
let authenticated = !flags.has('--auth')

/** @type {Map<string, Record<string, string>>} session id → option id → current value */
const sessions = new Map()
const OPTIONS = [
  { id: 'brain', name: 'Brain', category: 'model', values: ['alpha-1', 'beta-2'] },
  { id: 'tone', name: 'Tone', values: ['calm', 'lively', 'terse'] },
]
let counter = 0

function configOptions(current) {
  return OPTIONS.map((o) => ({
    id: o.id,
    name: o.name,
    ...(o.category ? { category: o.category } : {}),
    type: 'select',
    currentValue: current[o.id],
    options: o.values.map((value) => ({ value, name: value })),
  }))
}

const app = acp
  .agent({ name: 'foreign-agent' })
  .onRequest(acp.methods.agent.initialize, () => ({
    protocolVersion: 1,
    agentCapabilities: { loadSession: false },
    authMethods: flags.has('--auth') ? AUTH_METHODS : [],
  }))
  .onRequest(acp.methods.agent.authenticate, ({ params }) => {
    if (params.methodId === 'browser')
      throw acp.RequestError.internalError({ details: red('no browser on this machine') })
    if (params.methodId !== 'token')
      throw acp.RequestError.invalidParams({ methodId: params.methodId }, `unknown auth method ${params.methodId}`)
    if (!process.env.FOREIGN_TOKEN) throw new acp.RequestError(-32000, 'Authentication required: FOREIGN_TOKEN unset')
    authenticated = true
    return {}
  })
  .onRequest(acp.methods.agent.session.new, () => {
    if (!authenticated) throw acp.RequestError.authRequired({ hint: 'authenticate first' })
    const sessionId = `foreign-${++counter}`
    const current = Object.fromEntries(OPTIONS.map((o) => [o.id, o.values[0]]))
    sessions.set(sessionId, current)
    return { sessionId, configOptions: configOptions(current) }
  })
  .onRequest(acp.methods.agent.session.setConfigOption, ({ params }) => {
    const current = sessions.get(params.sessionId)
    if (!current) throw acp.RequestError.invalidParams({}, `no session ${params.sessionId}`)
    const option = OPTIONS.find((o) => o.id === params.configId)
    if (!option)
      throw acp.RequestError.invalidParams({}, `no option ${params.configId}; options: ${OPTIONS.map((o) => o.id)}`)
    if (!option.values.includes(params.value))
      throw acp.RequestError.invalidParams({}, `${params.value} is not a ${option.id}; values: ${option.values}`)
    current[option.id] = params.value
    return flags.has('--bare-config-reply') ? {} : { configOptions: configOptions(current) }
  })
  .onNotification(acp.methods.agent.session.cancel, () => {})
  .onRequest(acp.methods.agent.session.prompt, async ({ params, client }) => {
    if (!sessions.has(params.sessionId))
      throw acp.RequestError.invalidParams({ sessionId: params.sessionId }, `no session ${params.sessionId}`)
    const text = params.prompt.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
    if (text === 'fail') throw acp.RequestError.internalError({ details: red('model quota exceeded') })
    await client.notify(acp.methods.client.session.update, {
      sessionId: params.sessionId,
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
    })
    return { stopReason: 'end_turn' }
  })

const connection = app.connect(acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)))
await connection.closed
process.exit(0)
