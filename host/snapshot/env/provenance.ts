// After a recording, the scenario's snapshot.yml says where its fixtures came from: stub or live
// (docs/recording.md). Only the recording line changes (setRecordingLine), and the manifest is
// read and replaced like a fixture (safe-fixture-io.ts: no links or pipes followed, a temp file
// renamed over the name), so a crash mid-write never leaves a half-written manifest.
import { join } from 'node:path'
import type { RecordingSource } from '../scenario/manifest.ts'
import { setRecordingLine } from '../scenario/recording-line.ts'
import { readFixtureSync, writeFixture } from './safe-fixture-io.ts'

/**
 * Set `recording:` in `<repoRoot>/scenarios/<name>/snapshot.yml`; returns the repo-relative file
 * when it changed, undefined when it already said `source` (the file is not touched then).
 */
async function writeRecordingSource(
  repoRoot: string,
  name: string,
  source: RecordingSource,
): Promise<string | undefined> {
  const file = `scenarios/${name}/snapshot.yml`
  const absolute = join(repoRoot, file)
  const text = readFixtureSync(repoRoot, absolute)
  if (text === undefined) throw new Error(`${file} is gone; the recording's manifest must stay in place`)
  const updated = setRecordingLine(text, source, file)
  if (updated === text) return undefined
  await writeFixture(repoRoot, absolute, updated)
  return file
}

interface RecordOutcome {
  scenario: string
  ok: boolean
  failures: string[]
  written: string[]
}

/**
 * After a record run: when it wrote fixtures (or confirmed them unchanged), the manifest says
 * they came from `source`; a run that failed before writing leaves the manifest as it was.
 */
export async function noteRecordingSource<T extends RecordOutcome>(
  repoRoot: string,
  outcome: T,
  source: RecordingSource,
): Promise<T> {
  if (!outcome.ok && !outcome.written.length) return outcome
  try {
    const file = await writeRecordingSource(repoRoot, outcome.scenario, source)
    return file ? { ...outcome, written: [...outcome.written, file] } : outcome
  } catch (error) {
    const failure =
      `scenario ${outcome.scenario}: the fixtures were recorded (${source}) ` +
      `but snapshot.yml could not say so: ${(error as Error).message}`
    return { ...outcome, ok: false, failures: [...outcome.failures, failure] }
  }
}
