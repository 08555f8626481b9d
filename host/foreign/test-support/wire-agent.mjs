// A tiny ACP agent that asks a real model over HTTP, as gemini-cli or opencode do, for the model
// server's tests: it reads the model's base URL, its (dummy) key and the wire from its environment
// (WIRE_AGENT_URL, WIRE_AGENT_KEY, WIRE_AGENT_WIRE: gemini, openai-chat or anthropic-messages),
// streams each answer's text to the client as agent_message_chunk, and runs the one tool it offers,
// read_file { path }, after asking the client's permission, then asks the model again with the
// result. Plain JavaScript with its own wire code, so it checks the server rather than sharing it.
import { readFile } from 'node:fs/promises'
import { isAbsolute, join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import * as acp from '@agentclientprotocol/sdk'

const URL_ = process.env.WIRE_AGENT_URL
const KEY = process.env.WIRE_AGENT_KEY
const WIRE = process.env.WIRE_AGENT_WIRE
const TOOL = {
  name: 'read_file',
  description: 'Read a file',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
}

/** @type {Map<string, { cwd: string, turns: Array<{ role: string, text?: string, call?: any, result?: string }> }>} */
const sessions = new Map()
let counter = 0

/** The request for the wire: where, which headers, which body. */
function request(session) {
  const system = `You are wire-agent, working in ${session.cwd}.`
  if (WIRE === 'gemini') {
    const contents = session.turns.map((t) => {
      if (t.call) return { role: 'model', parts: [{ functionCall: { name: t.call.name, args: t.call.args } }] }
      if (t.result !== undefined)
        return { role: 'user', parts: [{ functionResponse: { name: TOOL.name, response: { output: t.result } } }] }
      return { role: t.role === 'user' ? 'user' : 'model', parts: [{ text: t.text }] }
    })
    return {
      url: `${URL_}/v1beta/models/wire-model:streamGenerateContent?alt=sse`,
      headers: { 'x-goog-api-key': KEY },
      body: {
        systemInstruction: { parts: [{ text: system }] },
        contents,
        tools: [{ functionDeclarations: [TOOL] }],
      },
    }
  }
  if (WIRE === 'openai-chat') {
    const messages = [{ role: 'system', content: system }]
    for (const t of session.turns) {
      if (t.call)
        messages.push({
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: t.call.id,
              type: 'function',
              function: { name: t.call.name, arguments: JSON.stringify(t.call.args) },
            },
          ],
        })
      else if (t.result !== undefined) messages.push({ role: 'tool', tool_call_id: t.id, content: t.result })
      else messages.push({ role: t.role, content: t.text })
    }
    return {
      url: `${URL_}/v1/chat/completions`,
      headers: { authorization: `Bearer ${KEY}` },
      body: { model: 'wire-model', stream: true, messages, tools: [{ type: 'function', function: TOOL }] },
    }
  }
  const messages = session.turns.map((t) => {
    if (t.call)
      return {
        role: 'assistant',
        content: [{ type: 'tool_use', id: t.call.id, name: t.call.name, input: t.call.args }],
      }
    if (t.result !== undefined)
      return { role: 'user', content: [{ type: 'tool_result', tool_use_id: t.id, content: t.result }] }
    return { role: t.role, content: [{ type: 'text', text: t.text }] }
  })
  return {
    url: `${URL_}/v1/messages`,
    headers: { 'x-api-key': KEY, 'anthropic-version': '2023-06-01' },
    body: {
      model: 'wire-model',
      max_tokens: 1024,
      stream: true,
      system,
      messages,
      tools: [{ name: TOOL.name, description: TOOL.description, input_schema: TOOL.parameters }],
    },
  }
}

/** One streamed event's text delta and tool-call pieces, per wire. */
function readEvent(data, calls) {
  if (WIRE === 'gemini') {
    let text = ''
    for (const part of data.candidates?.[0]?.content?.parts ?? []) {
      if (part.functionCall)
        calls.push({
          id: part.functionCall.id ?? `g${calls.length}`,
          name: part.functionCall.name,
          args: part.functionCall.args,
        })
      else if (typeof part.text === 'string' && !part.thought) text += part.text
    }
    return text
  }
  if (WIRE === 'openai-chat') {
    const delta = data.choices?.[0]?.delta ?? {}
    for (const piece of delta.tool_calls ?? []) {
      calls[piece.index] ??= { id: piece.id, name: piece.function?.name, json: '' }
      calls[piece.index].json += piece.function?.arguments ?? ''
    }
    return delta.content ?? ''
  }
  if (data.type === 'content_block_start' && data.content_block.type === 'tool_use')
    calls[data.index] = { id: data.content_block.id, name: data.content_block.name, json: '' }
  if (data.type === 'content_block_delta' && data.delta.type === 'input_json_delta')
    calls[data.index].json += data.delta.partial_json
  return data.type === 'content_block_delta' && data.delta.type === 'text_delta' ? data.delta.text : ''
}

/** Ask the model; each text delta goes to `onText` as it arrives. Returns the text and the tool calls. */
async function ask(session, onText) {
  const { url, headers, body } = request(session)
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw acp.RequestError.internalError({ status: response.status, body: await response.text() })
  const decoder = new TextDecoder()
  const calls = []
  let buffer = ''
  let text = ''
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk, { stream: true }).replaceAll('\r\n', '\n')
    let end = buffer.indexOf('\n\n')
    while (end >= 0) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n')
      buffer = buffer.slice(end + 2)
      end = buffer.indexOf('\n\n')
      if (!data || data === '[DONE]') continue
      const piece = readEvent(JSON.parse(data), calls)
      if (piece) {
        text += piece
        await onText(piece)
      }
    }
  }
  return {
    text,
    calls: calls.filter(Boolean).map((c) => ({ id: c.id, name: c.name, args: c.args ?? JSON.parse(c.json || '{}') })),
  }
}

const app = acp
  .agent({ name: 'wire-agent' })
  .onRequest(acp.methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: { loadSession: false } }))
  .onRequest(acp.methods.agent.session.new, ({ params }) => {
    const sessionId = `wire-${++counter}`
    sessions.set(sessionId, { cwd: params.cwd, turns: [] })
    return { sessionId }
  })
  .onNotification(acp.methods.agent.session.cancel, () => {})
  .onRequest(acp.methods.agent.session.prompt, async ({ params, client }) => {
    const session = sessions.get(params.sessionId)
    const update = (u) => client.notify(acp.methods.client.session.update, { sessionId: params.sessionId, update: u })
    session.turns.push({ role: 'user', text: params.prompt.map((b) => (b.type === 'text' ? b.text : '')).join('') })
    for (let round = 0; round < 4; round++) {
      const answer = await ask(session, (text) =>
        update({ sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } }),
      )
      if (answer.text) session.turns.push({ role: 'assistant', text: answer.text })
      const call = answer.calls[0]
      if (!call) return { stopReason: 'end_turn' }
      const toolCallId = `tool-${++counter}`
      const path = isAbsolute(call.args.path) ? call.args.path : join(session.cwd, call.args.path)
      const toolCall = { toolCallId, title: `Read ${call.args.path}`, kind: 'read', status: 'pending' }
      await update({ sessionUpdate: 'tool_call', ...toolCall, locations: [{ path }] })
      const { outcome } = await client.request(acp.methods.client.session.requestPermission, {
        sessionId: params.sessionId,
        toolCall,
        options: [
          { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
          { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
        ],
      })
      const allowed = outcome.outcome === 'selected' && outcome.optionId === 'allow'
      const result = allowed ? await readFile(path, 'utf8') : 'the user refused'
      await update({
        sessionUpdate: 'tool_call_update',
        toolCallId,
        status: allowed ? 'completed' : 'failed',
        content: [{ type: 'content', content: { type: 'text', text: result } }],
      })
      session.turns.push({ role: 'assistant', call }, { role: 'user', id: call.id, result })
    }
    return { stopReason: 'max_turn_requests' }
  })

const connection = app.connect(acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)))
await connection.closed
process.exit(0)
