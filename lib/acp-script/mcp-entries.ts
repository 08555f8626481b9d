// `mcpServers` of a newSession step: the MCP servers the client names for the session. A stdio
// server ships beside the script (a scenario or conformance case folder): `./` and `../` in its
// command and args resolve against that folder, and must stay inside it; a bare command (`node`)
// is looked up on PATH by the agent. Pure: the folder comes in as a value.
import path from 'node:path'
import { z } from 'zod'
import { closedObject } from '../closed-object.ts'
import { relativeInside } from '../path-inside.ts'

const pair = closedObject({ name: z.string().min(1), value: z.string() })

const stdioEntry = closedObject({
  name: z.string().min(1).meta({ description: 'The server name; its tools reach the model as mcp__<name>__<tool>.' }),
  command: z.string().min(1).meta({
    description: 'The program: "./server.mjs" (relative to the script folder) or a command on PATH ("node").',
  }),
  args: z
    .array(z.string())
    .default([])
    .meta({ description: 'Arguments; those starting with "./" or "../" resolve against the script folder.' }),
  env: z.array(pair).default([]).meta({ description: 'Extra environment for the server (never a key).' }),
})

const remoteEntry = closedObject({
  type: z.enum(['http', 'sse']),
  name: z.string().min(1),
  url: z.string().min(1),
  headers: z.array(pair).default([]),
})

export const mcpServerEntries = z
  .array(z.union([stdioEntry, remoteEntry]))
  .meta({ description: 'MCP servers for the session (ACP mcpServers); relative paths resolve against this folder.' })

type McpServerEntry = z.output<typeof mcpServerEntries>[number]

const isRelativePath = (value: string) => value.startsWith('./') || value.startsWith('../')

/**
 * The entries as the client sends them: relative paths made absolute against `folder`. Throws
 * naming the entry when a path leaves the folder or when the host has no folder to resolve against.
 */
export function resolveMcpEntries(entries: readonly McpServerEntry[], folder: string | undefined, where: string) {
  return entries.map((entry, index) => {
    if ('type' in entry) return entry
    const at = `${where}.mcpServers[${index}] ("${entry.name}")`
    const resolve = (value: string) => (isRelativePath(value) ? resolveInside(folder, value, at) : value)
    return { ...entry, command: resolve(entry.command), args: entry.args.map(resolve) }
  })
}

function resolveInside(folder: string | undefined, value: string, at: string): string {
  if (folder === undefined)
    throw new Error(`${at}: "${value}" is relative, but this host runs the script from no folder; use an absolute path`)
  const absolute = path.resolve(folder, value)
  if (relativeInside(folder, absolute) === undefined)
    throw new Error(`${at}: "${value}" leaves the script folder ${folder}; keep the server beside the script`)
  return absolute
}
