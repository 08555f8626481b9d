#!/usr/bin/env node
// A small real MCP server over stdio for the mcp plugin's tests. argv[2] picks a behaviour:
// `normal` (default), `exit-at-start` (exits 3 before speaking), `silent` (never answers),
// `raw <tools JSON>` (lists exactly those entries, valid or not; any call answers `bytes` x's).
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

const mode = process.argv[2] ?? 'normal'
if (mode === 'exit-at-start') {
  process.stderr.write('fixture: refusing to start on purpose\n')
  process.exit(3)
}
if (mode === 'silent') {
  setInterval(() => {}, 60_000)
} else if (mode === 'raw') {
  // The low-level server sends what it is given: a list the SDK's client schema would reject whole.
  const server = new Server({ name: 'fixture-raw', version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: JSON.parse(process.argv[3] ?? '[]') }))
  server.setRequestHandler(CallToolRequestSchema, (request) => ({
    content: [{ type: 'text', text: 'x'.repeat(Number(request.params.arguments?.bytes ?? 1)) }],
  }))
  await server.connect(new StdioServerTransport())
} else {
  const server = new McpServer({ name: 'fixture', version: '1.0.0' })
  server.registerTool(
    'upper',
    {
      title: 'Upper-case',
      description: 'Returns the text in upper case.',
      inputSchema: { text: z.string() },
      annotations: { readOnlyHint: true },
    },
    async ({ text }) => ({ content: [{ type: 'text', text: text.toUpperCase() }] }),
  )
  server.registerTool(
    'write_note',
    { description: 'Writes a file in the cwd.', inputSchema: { name: z.string(), text: z.string() } },
    async ({ name, text }) => {
      writeFileSync(name, text)
      return { content: [{ type: 'text', text: `wrote ${name}` }] }
    },
  )
  server.registerTool('fail', { description: 'Reports a tool-level error.', inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: 'the fixture failed on purpose' }],
    isError: true,
  }))
  server.registerTool('die', { description: 'Exits the server in the middle of the call.', inputSchema: {} }, () => {
    process.exit(7)
  })
  server.registerTool('env', { description: 'Names the environment variables it sees.', inputSchema: {} }, () => ({
    content: [{ type: 'text', text: Object.keys(process.env).sort().join(',') }],
  }))
  server.registerTool(
    'sleeper',
    { description: 'Starts a background child; returns its pid.', inputSchema: {} },
    () => {
      const child = spawn('sleep', ['300'], { stdio: 'ignore' })
      return { content: [{ type: 'text', text: String(child.pid) }] }
    },
  )
  server.registerTool(
    'daemon',
    {
      description: 'Double-forks a setsid daemon named by the token (its argv[0]); returns once it is started.',
      inputSchema: { token: z.string() },
    },
    async ({ token }) => {
      // The daemon touches a file of its own before it execs; the call returns once it exists.
      const ready = `/tmp/.ready-${token}`
      const daemon = `setsid bash -c 'touch "$1"; exec -a "$0" sleep 300' "$0" "$1" >/dev/null 2>&1 </dev/null`
      const script = `( ${daemon} & ) & until [ -e "$1" ]; do sleep 0.01; done; rm -f "$1"`
      const starter = spawn('bash', ['-c', script, token, ready], { stdio: 'ignore' })
      await new Promise((resolve) => starter.on('exit', resolve))
      return { content: [{ type: 'text', text: token }] }
    },
  )
  await server.connect(new StdioServerTransport())
}
