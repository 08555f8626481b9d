// A step's tool calls, run in order: each is logged, looked up, parsed, approved, run, and
// always answered with a `tool/result` (the model API requires one per call).
import type { ToolCall } from '../llm/types.ts'
import { refusedByMode } from './modes.ts'
import type { Tool, ToolContext, ToolDisplay, ToolResult } from '../tools/types.ts'
import { ApprovalTitleError, approve } from './approval.ts'
import { redactDisplay, redactResult } from './held-secrets.ts'
import { parseToolArguments, recordedCall } from './tool-arguments.ts'
import type { Turn } from './turn-state.ts'

/**
 * Runs the step's calls in order; returns true when the turn was cancelled. Every call gets a result.
 * A `concurrent` tool (a `task`) starts and runs beside the calls after it; its result is logged after
 * theirs, in call order, so the log and the model's history do not depend on which finished first.
 */
export async function runToolCalls(turn: Turn, step: number, calls: ToolCall[]): Promise<boolean> {
  const { number, signal } = turn
  // Parsed once: the ACP projection of each tool/call reuses this parse (tool-arguments.ts).
  const parsed = calls.map((call) => ({ call, parse: parseToolArguments(call.arguments) }))
  for (const { call, parse } of parsed) {
    const { id, name, arguments: text } = call
    turn.append('tool/call', recordedCall({ turn: number, step, callId: id, name, arguments: text }, parse))
  }
  let cancelled = false
  const running: Array<{ call: ToolCall; outcome: Promise<ToolResult> }> = []
  for (const [index, { call, parse }] of parsed.entries()) {
    const result = (text: string, isError: boolean) =>
      turn.append('tool/result', { turn: number, step, callId: call.id, output: text, isError })
    if (cancelled || signal.aborted) {
      cancelled = true
      result('Cancelled: the user cancelled the turn before this call ran.', true)
      continue
    }
    const tool = findTool(turn, call.name)
    if (typeof tool === 'string') {
      result(tool, true)
      continue
    }
    if ('error' in parse) {
      result(parse.error, true)
      continue
    }
    const verdict = await approve(turn, call, tool, parse.args).catch((error: unknown) => {
      if (error instanceof ApprovalTitleError) return error
      throw error
    })
    if (verdict instanceof ApprovalTitleError) {
      result(`Tool ${tool.name} failed before it could be approved: ${verdict.message}`, true)
      continue
    }
    if (verdict !== 'run') {
      cancelled = verdict === 'cancel'
      result(verdict === 'cancel' ? CANCELLED_IN_APPROVAL : 'Rejected: the user did not allow this call.', true)
      continue
    }
    const outcome = startTool(turn, step, index, call, tool, parse.args)
    if (tool.concurrent) running.push({ call, outcome })
    else logResult(turn, step, call, await outcome)
    if (signal.aborted) cancelled = true
  }
  for (const { call, outcome } of running) logResult(turn, step, call, await outcome)
  return cancelled || signal.aborted
}

const CANCELLED_IN_APPROVAL = 'Cancelled: the user cancelled the turn while this call waited for approval.'

/** Logs the start of an approved call and runs it. */
function startTool(
  turn: Turn,
  step: number,
  index: number,
  call: ToolCall,
  tool: Tool,
  args: Record<string, unknown>,
): Promise<ToolResult> {
  const { number, signal } = turn
  turn.append('tool/start', { turn: number, step, callId: call.id })
  const update = (display: ToolDisplay) =>
    turn.append('tool/update', {
      turn: number,
      step,
      callId: call.id,
      display: turn.redact ? redactDisplay(display, turn.redact) : display,
    })
  const origin = { sessionId: turn.sessionId, callId: call.id, turn: number, step, call: index }
  const { cwd, hidden, additionalDirectories } = turn
  const context = { cwd, additionalDirectories, signal, client: turn.client.access, update, hidden, origin }
  return runTool(tool, args, context)
}

function logResult(turn: Turn, step: number, call: ToolCall, outcome: ToolResult): void {
  // The model adapters' keys never reach the log, the client or the next request (held-secrets.ts).
  const redacted = redactResult(outcome, turn.redact)
  const display = redacted.display ? { display: redacted.display } : {}
  const sandbox = outcome.sandbox ? { sandbox: outcome.sandbox } : {}
  const { output, isError } = redacted
  turn.append('tool/result', { turn: turn.number, step, callId: call.id, output, isError, ...display, ...sandbox })
}

/** The offered tool of that name, or the result that refuses the call: hidden by the mode, or unknown. */
function findTool(turn: Turn, name: string): Tool | string {
  const offered = turn.offeredTools()
  const tool = offered.find((t) => t.name === name)
  if (tool) return tool
  const registered = turn.registry.get(name)
  // Not offered because the client lacks what it needs (the user's questions), not because of the mode.
  if (registered?.requiresClient && !turn.client.access?.[registered.requiresClient])
    return `Refused: "${name}" is not available: this client cannot show the user questions. Ask in your reply instead.`
  if (registered) return refusedByMode(name, turn.mode)
  return `Unknown tool "${name}". Available tools: ${offered.map((t) => t.name).join(', ') || 'none'}.`
}

/** Tools promise never to throw; one that does still gives the model an error result. */
async function runTool(tool: Tool, args: Record<string, unknown>, context: ToolContext): Promise<ToolResult> {
  try {
    return await tool.run(args, context)
  } catch (error) {
    return {
      output: `Tool ${tool.name} failed unexpectedly: ${(error as Error)?.message ?? String(error)}`,
      isError: true,
    }
  }
}
