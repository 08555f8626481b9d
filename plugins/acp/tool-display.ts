// A tool call's display (session log) → the ACP tool call `content` and `locations` (pure).
import type { ToolCallContent, ToolCallLocation } from '@agentclientprotocol/sdk'
import type { ToolDisplay } from '../session/events.ts'

/**
 * The diff first (what changed), then the terminal the call ran in, then the text the model saw.
 * `terminals: false` leaves a terminal out: on session/load it has long been released.
 */
export function displayContent(
  display: ToolDisplay | undefined,
  output: string | undefined,
  options: { terminals: boolean },
): ToolCallContent[] {
  const content: ToolCallContent[] = []
  if (display?.diff) content.push({ type: 'diff', ...display.diff })
  if (display?.terminalId && options.terminals) content.push({ type: 'terminal', terminalId: display.terminalId })
  if (output !== undefined) content.push({ type: 'content', content: { type: 'text', text: output } })
  return content
}

export function displayLocations(display: ToolDisplay | undefined): { locations?: ToolCallLocation[] } {
  return display?.locations?.length ? { locations: display.locations.map((location) => ({ ...location })) } : {}
}
