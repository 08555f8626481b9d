// Builds a Tool from a zod argument schema: validation failures and unexpected throws
// become error results, so `run` keeps the contract "never throws".
import type { ToolKind } from '@agentclientprotocol/sdk'
import { z } from 'zod'
import type { ApprovalContext, Tool, ToolContext, ToolResult } from './types.ts'
import { formatPath } from '../../lib/file-issues.ts'
import { lazy } from '../../lib/lazy.ts'
import { visibleText } from './visible-text.ts'

interface ToolDefinition<A> {
  name: string
  description: string
  kind: ToolKind
  needsApproval: boolean
  requiresClient?: Tool['requiresClient']
  args: z.ZodType<A>
  /** Receives the parsed arguments, or undefined when they do not validate. */
  title(args: A | undefined): string
  /** The approval's title from the valid arguments and the file system (see Tool.approvalTitle). */
  approvalTitle?(args: A, context: ApprovalContext): Promise<string>
  /** The scope of a standing answer for these arguments (see Tool.approvalScope). */
  approvalScope?(args: A | undefined): string
  run(args: A, context: ToolContext): Promise<ToolResult>
}

export const errorResult = (output: string): ToolResult => ({ output, isError: true })
export const okResult = (output: string): ToolResult => ({ output, isError: false })

/** `z.string()` with messages that name the problem in the model's terms. */
export const requiredString = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })

export function defineTool<A>(definition: ToolDefinition<A>): Tool {
  const parse = (args: Record<string, unknown>) => definition.args.safeParse(args)
  // The JSON Schema is made when a request first lists the tools, not when the plugin starts: a
  // process that never calls the model (dsh serve until stdin closes) makes none.
  const parameters = lazy(() => toParameters(definition.args))
  return {
    name: definition.name,
    description: definition.description,
    get parameters() {
      return parameters()
    },
    kind: definition.kind,
    needsApproval: definition.needsApproval,
    ...(definition.requiresClient ? { requiresClient: definition.requiresClient } : {}),
    title(args) {
      const parsed = parse(args)
      // The user approves what the title shows: nothing in it may redraw or hide itself.
      return visibleText(definition.title(parsed.success ? parsed.data : undefined))
    },
    ...(definition.approvalTitle ? { approvalTitle: approvalTitleOf(definition, parse) } : {}),
    ...(definition.approvalScope
      ? {
          approvalScope: (args: Record<string, unknown>) => {
            const parsed = parse(args)
            return definition.approvalScope!(parsed.success ? parsed.data : undefined)
          },
        }
      : {}),
    async run(args, context) {
      const parsed = parse(args)
      if (!parsed.success) return errorResult(describeIssues(definition.name, parsed.error.issues))
      try {
        return await definition.run(parsed.data, context)
      } catch (error) {
        return errorResult(
          `${definition.name} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
    },
  }
}

/** Falls back to the plain title for invalid arguments or a failed look-up; escaped like it. */
function approvalTitleOf<A>(
  definition: ToolDefinition<A>,
  parse: (args: Record<string, unknown>) => z.ZodSafeParseResult<A>,
): NonNullable<Tool['approvalTitle']> {
  return async (args, context) => {
    const parsed = parse(args)
    const title = parsed.success
      ? // Called inside the promise chain, so a look-up that throws at once falls back like one that rejects.
        await Promise.resolve(parsed.data)
          .then((data) => definition.approvalTitle!(data, context))
          .catch(() => definition.title(parsed.data))
      : definition.title(undefined)
    return visibleText(title)
  }
}

/** One sentence per issue, each naming the argument, e.g. `"path" is required`. */
function describeIssues(tool: string, issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.map((issue) =>
    issue.path.length ? `"${formatPath(issue.path)}" ${issue.message}` : `the arguments ${issue.message}`,
  )
  return `Invalid arguments for ${tool}: ${parts.join('; ')}.`
}

/** The JSON Schema sent to the model; the `$schema` URI is noise in a request. */
function toParameters(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...parameters } = z.toJSONSchema(schema) as Record<string, unknown>
  return parameters
}

/** An arguments object; anything else (null, an array, a string) is reported as such. */
export const toolArgs = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.object(shape, { error: 'must be a JSON object' })
