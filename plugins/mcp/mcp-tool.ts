// An MCP server's tool as a dsh Tool: the same permission flow and modes as the built-ins. A tool
// that declares itself read-only (`readOnlyHint`) has kind "read", so read-only mode offers it
// and it runs without asking; every other MCP tool asks first.
import { OutputCapture } from '../tools/truncate.ts'
import type { Tool } from '../tools/types.ts'
import { callResultText } from './call-result.ts'
import { type McpServerConnection, McpServerError, type McpToolInfo } from './server-connection.ts'

export interface McpToolLimits {
  /** Bytes of one result the model and the log get (config `maxOutputBytes`). */
  maxOutputBytes: number
}

/** As bash's default: a result's start and end are kept, the middle is counted. */
export const DEFAULT_MAX_OUTPUT_BYTES = 16_384

export function createMcpTool(
  name: string,
  server: McpServerConnection,
  info: McpToolInfo,
  reportFailure: (failure: { server: string; message: string }) => void,
  limits: McpToolLimits = { maxOutputBytes: DEFAULT_MAX_OUTPUT_BYTES },
): Tool {
  const readOnly = info.annotations?.readOnlyHint === true
  const label = info.annotations?.title ?? info.title ?? info.name
  return {
    name,
    description: info.description ?? `${info.name} (from the MCP server "${server.spec.name}")`,
    parameters: info.inputSchema as Record<string, unknown>,
    kind: readOnly ? 'read' : 'other',
    needsApproval: !readOnly,
    title: () => `${server.spec.name}: ${label}`,
    async run(args, context) {
      try {
        const result = await server.call(info.name, args, context.signal)
        return { output: capped(callResultText(result), limits.maxOutputBytes), isError: result.isError === true }
      } catch (error) {
        if (context.signal.aborted) return { output: `${name} was cancelled.`, isError: true }
        if (error instanceof McpServerError) {
          reportFailure({ server: error.server, message: error.message })
          return { output: error.brief, isError: true }
        }
        return { output: error instanceof Error ? error.message : String(error), isError: true }
      }
    },
  }
}

/** The text within `maxBytes`, its middle cut to "[output truncated: N bytes omitted]" (plugins/tools/truncate.ts). */
function capped(text: string, maxBytes: number): string {
  const capture = new OutputCapture(maxBytes)
  capture.push(Buffer.from(text, 'utf8'))
  return capture.text()
}
