#!/usr/bin/env node
// A small MCP server over stdio (newline-delimited JSON-RPC), with no dependency, that this
// scenario names in input.json. Tools: `shout` (changes nothing visible, but declares no
// readOnlyHint, so dsh asks first), `count_words` (readOnlyHint: runs without asking) and
// `crash` (exits with code 7 in the middle of the call).
import { createInterface } from 'node:readline'

const TOOLS = [
  {
    name: 'shout',
    title: 'Shout',
    description: 'Returns the text in upper case.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  {
    name: 'count_words',
    title: 'Count words',
    description: 'Counts the words of a text.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    annotations: { readOnlyHint: true },
  },
  {
    name: 'crash',
    description: 'Exits the server in the middle of the call.',
    inputSchema: { type: 'object', properties: {} },
  },
]

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`)
const text = (value) => ({ content: [{ type: 'text', text: value }] })

function call({ name, arguments: args = {} }) {
  if (name === 'shout') return text(String(args.text ?? '').toUpperCase())
  if (name === 'count_words')
    return text(
      String(
        String(args.text ?? '')
          .split(/\s+/)
          .filter(Boolean).length,
      ),
    )
  if (name === 'crash') {
    process.stderr.write('notes-server: crashing on purpose\n')
    process.exit(7)
  }
  return { ...text(`unknown tool ${name}`), isError: true }
}

function answer({ id, method, params }) {
  if (method === 'initialize')
    return {
      protocolVersion: params.protocolVersion,
      capabilities: { tools: {} },
      serverInfo: { name: 'notes', version: '1.0.0' },
    }
  if (method === 'tools/list') return { tools: TOOLS }
  if (method === 'tools/call') return call(params)
  if (method === 'ping') return {}
  throw Object.assign(new Error(`method not found: ${method}`), { code: -32601, id })
}

createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return
  const message = JSON.parse(line)
  if (message.id === undefined) return // notifications (initialized, cancelled) need no answer
  try {
    send({ id: message.id, result: answer(message) })
  } catch (error) {
    send({ id: message.id, error: { code: error.code ?? -32603, message: error.message } })
  }
})
