// The `mcpServers` a client passes with session/new, load or resume, checked before anything starts.
// Pure: the cwd and the client's capabilities come in as values. Problems with the list itself
// (a missing command, duplicate names, a path out of the project) refuse the request, so the
// editor shows the user what to fix; a server that later fails to start only loses its tools.
import { isAbsolute, resolve } from 'node:path'
import { z } from 'zod'
import { formatPath } from '../../lib/file-issues.ts'
import { modelSafeName } from './tool-names.ts'
import { relativeInside } from '../../lib/path-inside.ts'

interface StdioServerSpec {
  transport: 'stdio'
  /** The name the client gave, shown in titles and errors. */
  name: string
  /** The name as it appears in tool names (`mcp__<key>__<tool>`). */
  key: string
  /** Absolute when the client gave a path; a bare name is looked up on PATH. */
  command: string
  args: string[]
  env: Record<string, string>
}

interface RemoteServerSpec {
  transport: 'http' | 'sse'
  name: string
  key: string
  url: string
  headers: Record<string, string>
}

export type McpServerSpec = StdioServerSpec | RemoteServerSpec

/** What `initialize` advertised under `mcpCapabilities` (stdio is always supported). */
export interface McpTransportSupport {
  http: boolean
  sse: boolean
}

/** A refusal of the whole list: JSON-RPC -32602 naming the entry and the field. */
export class McpServerSpecError extends Error {
  override name = 'McpServerSpecError'
}

const nameValue = z.string().trim().min(1, 'must not be empty')
const pairs = (key: 'name', value: 'value') =>
  z.array(z.strictObject({ [key]: z.string().min(1), [value]: z.string(), _meta: z.unknown().optional() }))

const stdioEntry = z.object({
  name: nameValue,
  command: z.string({ error: 'is required for a stdio server' }).min(1, 'must not be empty'),
  args: z.array(z.string()).default([]),
  env: pairs('name', 'value').default([]),
})
const remoteEntry = z.object({
  type: z.enum(['http', 'sse']),
  name: nameValue,
  url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
  headers: pairs('name', 'value').default([]),
})

/** Checks and normalizes the list; throws McpServerSpecError naming `mcpServers[i]` and what to fix. */
export function parseServerSpecs(raw: unknown, cwd: string, support: McpTransportSupport): McpServerSpec[] {
  if (raw === undefined) return []
  if (!Array.isArray(raw)) throw new McpServerSpecError('mcpServers must be an array of MCP server entries')
  const specs = raw.map((item, index) => parseOne(item, index, cwd, support))
  const seen = new Map<string, { index: number; name: string }>()
  specs.forEach((spec, index) => {
    const earlier = seen.get(spec.key)
    if (earlier !== undefined) {
      throw new McpServerSpecError(
        `mcpServers[${index}]: the name "${spec.name}" is already used by mcpServers[${earlier.index}] ` +
          `("${earlier.name}"); give each server its own name (tools are named mcp__<name>__<tool>)`,
      )
    }
    seen.set(spec.key, { index, name: spec.name })
  })
  return specs
}

function parseOne(item: unknown, index: number, cwd: string, support: McpTransportSupport): McpServerSpec {
  const where = `mcpServers[${index}]`
  // ACP's stdio entries carry no type (some clients send "stdio"): the type picks the schema, so
  // the error names the field that is wrong for that kind of entry.
  const type = typeof item === 'object' && item !== null ? (item as { type?: unknown }).type : undefined
  const parsed = (type === 'http' || type === 'sse' ? remoteEntry : stdioEntry).safeParse(item)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    const field = issue?.path.length ? `.${formatPath(issue.path)}` : ''
    throw new McpServerSpecError(`${where}${field} ${issue?.message ?? parsed.error.message}`)
  }
  const value = parsed.data
  const key = modelSafeName(value.name)
  if ('type' in value) {
    if (!support[value.type]) {
      throw new McpServerSpecError(
        `${where} ("${value.name}") uses the ${value.type} transport, which the client did not advertise ` +
          `in initialize's mcpCapabilities.${value.type}; use a stdio server or advertise it`,
      )
    }
    const headers = Object.fromEntries(value.headers.map((h) => [h.name, h.value]))
    return { transport: value.type, name: value.name, key, url: value.url, headers }
  }
  const command = resolveCommand(value.command, cwd, `${where} ("${value.name}")`)
  const env = Object.fromEntries(value.env.map((v) => [v.name, v.value]))
  return { transport: 'stdio', name: value.name, key, command, args: value.args, env }
}

/** A bare name stays for PATH; a path resolves against the session cwd and must stay inside it. */
function resolveCommand(command: string, cwd: string, where: string): string {
  if (isAbsolute(command)) return command
  if (!command.includes('/')) return command
  const absolute = resolve(cwd, command)
  if (relativeInside(cwd, absolute) === undefined) {
    throw new McpServerSpecError(
      `${where}: the command "${command}" is a relative path that leaves the session's folder ${cwd}; ` +
        'give an absolute path or a command on PATH',
    )
  }
  return absolute
}
