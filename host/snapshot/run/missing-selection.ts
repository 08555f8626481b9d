// `--mode record-missing`, the selection half (pure): which scenarios have no recording yet.
// A scenario is recorded when a fixture a recording makes is absent (its stdout.golden.jsonl, or
// one of the session logs input.json creates); scenarios with all of them are left untouched.
import { expectedSessionCount, sessionLogFileName } from '../core/fixture-files.ts'
import type { ScenarioInput } from '../scenario/input.ts'
import type { ScenarioManifest } from '../scenario/manifest.ts'

interface ScenarioListing {
  name: string
  manifest: ScenarioManifest
  input: ScenarioInput
  /** The file names in the scenario's folder. */
  files: readonly string[]
}

interface MissingSelection {
  record: Array<{ scenario: string; missing: string[] }>
  /** Every recorded fixture present: left untouched. */
  complete: string[]
  /** Missing fixtures that a recording cannot make. */
  skipped: Array<{ scenario: string; why: string }>
}

/** The fixtures a recording of this scenario would write that its folder lacks. */
function missingFixtures(listing: Omit<ScenarioListing, 'name'>): string[] {
  const present = new Set(listing.files)
  const own = listing.manifest.session
    ? [] // session.source: the logs are another scenario's, never this one's
    : Array.from({ length: expectedSessionCount(listing.input) }, (_, index) => sessionLogFileName(index))
  return ['stdout.golden.jsonl', ...own].filter((file) => !present.has(file))
}

export function selectMissing(listings: readonly ScenarioListing[]): MissingSelection {
  const selection: MissingSelection = { record: [], complete: [], skipped: [] }
  for (const listing of listings) {
    const missing = missingFixtures(listing)
    if (!missing.length) selection.complete.push(listing.name)
    else if (listing.manifest.recording === 'authored')
      selection.skipped.push({
        scenario: listing.name,
        why: `lacks ${missing.join(', ')} but is authored: write them by hand (record mode never writes it)`,
      })
    else selection.record.push({ scenario: listing.name, missing })
  }
  return selection
}

/** What record-missing prints before it records anything. */
export function formatMissingSelection(selection: MissingSelection): string[] {
  return [
    `record-missing: ${selection.record.length} to record, ${selection.complete.length} complete (left untouched)`,
    ...selection.record.map(({ scenario, missing }) => `  record ${scenario}: no ${missing.join(', ')}`),
    ...selection.skipped.map(({ scenario, why }) => `  skip ${scenario}: ${why}`),
  ]
}
