// The environment a stdio MCP server starts with: a short allowlist from dsh's own environment
// plus what the client's entry sets. Nothing else is inherited, so no API key dsh holds (an
// exported DEEPSEEK_API_KEY, say) reaches a server unless the client itself passes one.

const INHERITED = ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TERM', 'TMPDIR', 'TZ']

export function serverEnv(parent: NodeJS.ProcessEnv, fromClient: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {}
  for (const name of INHERITED) {
    const value = parent[name]
    if (value !== undefined) env[name] = value
  }
  return { ...env, ...fromClient }
}
