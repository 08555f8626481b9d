// Tool drift: the tools the model is offered now differ from the ones pinned in a header class's
// tool-schemas.expected.json (an MCP server whose tool list changed since recording, a built-in
// whose schema changed). The sidecar's diff shows the lines; this names the tools. Pure.

interface ToolSchemaLike {
  name: string
  description?: unknown
  parameters?: unknown
}

/**
 * `"mcp__notes__shout" changed (description); "x" added; …`, or undefined when no tool differs.
 * `pinnedBy` names the sidecar another scenario pins: then the tools of this scenario alone (an MCP
 * server, a plugin of its own) are the likely cause, and a header class of its own the fix.
 */
export function toolDrift(
  expected: string | undefined,
  actual: string,
  pinnedBy?: { pin: string; file: string },
): string | undefined {
  if (expected === undefined) return undefined
  const changes = toolChanges(expected, actual)
  if (!changes?.length) return undefined
  if (pinnedBy)
    return (
      `tool drift: the tools offered to the model differ from ${pinnedBy.file}, which the pin ${pinnedBy.pin} ` +
      `keeps for the header class: ${changes.join('; ')}; ` +
      'a scenario with tools the class does not have (an MCP server, a plugin) needs a header class of its own'
    )
  return (
    `tool drift: the tools offered to the model differ from tool-schemas.expected.json: ${changes.join('; ')}; ` +
    'the model script was recorded with the old tools (an MCP server or a tool changed)'
  )
}

/** `"x" added`, `"y" changed (description)`, `"z" removed` between two tool sidecars; undefined if unreadable. */
export function toolChanges(expected: string, actual: string): string[] | undefined {
  // The common case, every replay that passes: the same text holds the same tools, without parsing both.
  if (expected === actual) return []
  const before = toolsByName(expected)
  const after = toolsByName(actual)
  if (!before || !after) return undefined
  const changes: string[] = []
  for (const [name, tool] of after) {
    const old = before.get(name)
    if (!old) changes.push(`"${name}" added`)
    else {
      const fields = (['description', 'parameters'] as const).filter(
        (field) => JSON.stringify(old[field]) !== JSON.stringify(tool[field]),
      )
      if (fields.length) changes.push(`"${name}" changed (${fields.join(', ')})`)
    }
  }
  for (const name of before.keys()) if (!after.has(name)) changes.push(`"${name}" removed`)
  return changes
}

/** The sidecar's tools by name: one list, or the versions of a header that changed mid-run (last wins). */
function toolsByName(text: string): Map<string, ToolSchemaLike> | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (!Array.isArray(value)) return undefined
  const lists = value.every((item) => Array.isArray((item as { tools?: unknown })?.tools))
    ? value.map((item) => (item as { tools: unknown[] }).tools)
    : [value]
  const byName = new Map<string, ToolSchemaLike>()
  for (const list of lists)
    for (const tool of list as ToolSchemaLike[]) if (typeof tool?.name === 'string') byName.set(tool.name, tool)
  return byName
}
