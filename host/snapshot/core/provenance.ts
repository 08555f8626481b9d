// A recording's provenance read from its own fixtures and manifest: the models its request/header
// events name, and whether its date is older than maxAge. Pure.

/** The distinct models a session log's request/header events name, in order of first use. */
export function modelsOfLogs(texts: readonly string[]): string[] {
  const models = new Set<string>()
  for (const text of texts) {
    for (const line of text.split('\n')) {
      if (!line.includes('"request/header"')) continue
      const event = JSON.parse(line) as { type?: string; data?: { model?: unknown } }
      if (event.type === 'request/header' && typeof event.data?.model === 'string') models.add(event.data.model)
    }
  }
  return [...models]
}

/** Whole days from `date` (YYYY-MM-DD) to `today` (YYYY-MM-DD). */
function ageInDays(date: string, today: string): number {
  return Math.floor((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000)
}

/** Why a recording is stale (older than maxAge days, or of no known date), or undefined when it is fresh. */
export function staleness(
  scenario: string,
  manifest: { date?: string; maxAge?: number; recording: string },
  today: string,
): string | undefined {
  const { maxAge, date } = manifest
  if (maxAge === undefined || manifest.recording === 'authored') return undefined
  if (date === undefined)
    return `scenario ${scenario}: maxAge is ${maxAge} days but snapshot.yml has no date; record it again to date it`
  const age = ageInDays(date, today)
  if (age <= maxAge) return undefined
  return (
    `scenario ${scenario}: recorded ${date}, ${age} days ago, older than maxAge (${maxAge} days); ` +
    're-record it (dsh test --mode record-stale)'
  )
}

/** Today as YYYY-MM-DD (UTC): the date a recording states. */
export function today(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10)
}
