// After a recording, the scenario's snapshot.yml says where its fixtures came from: stub or live
// (docs/recording.md), with the models, date and dsh version beside it. Only those lines change
// (setProvenanceLines), and the manifest is read and replaced like a fixture (safe-fixture-io.ts:
// no links or pipes followed, a temp file renamed over the name), so a crash mid-write never leaves
// a half-written manifest.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { packageFile } from '../../../lib/package-root.ts'
import { modelsOfLogs, today } from '../core/provenance.ts'
import type { RecordingSource } from '../scenario/manifest.ts'
import { type Provenance, setProvenanceLines } from '../scenario/recording-line.ts'
import { readFixtureSync, writeFixture } from '../io/safe-fixture-io.ts'
import { type Failure, failure } from '../model/failure.ts'

/** When and with what dsh a recording is made now: the date and version record mode states. */
interface RecordingStamp {
  date: string
  dshVersion: string
}

export function recordingStamp(): RecordingStamp {
  const { version } = JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string }
  return { date: today(), dshVersion: version }
}

/** The provenance a fresh recording states: its source, the stamp and the models its logs name. */
function provenanceOf(
  repoRoot: string,
  name: string,
  source: RecordingSource,
  stamp?: RecordingStamp,
  stubVia?: string,
): Provenance {
  const via = stubVia ? { stubVia } : {}
  if (!stamp) return { recording: source, ...via }
  const dir = join(repoRoot, 'scenarios', name)
  const logs = readdirSync(dir)
    .filter((file) => /^session(\.\d+)?\.jsonl$/.test(file))
    .sort((a, b) => logOrdinal(a) - logOrdinal(b))
    .map((file) => readFixtureSync(repoRoot, join(dir, file)) ?? '')
  const models = modelsOfLogs(logs)
  return { recording: source, ...via, ...stamp, ...(models.length ? { models } : {}) }
}

/**
 * Set `recording:` (and the provenance beside it) in `<repoRoot>/scenarios/<name>/snapshot.yml`; returns
 * the repo-relative file when it changed, undefined when it already said so (the file is not touched then).
 */
async function writeRecordingSource(
  repoRoot: string,
  name: string,
  provenance: Provenance,
): Promise<string | undefined> {
  const file = `scenarios/${name}/snapshot.yml`
  const absolute = join(repoRoot, file)
  const text = readFixtureSync(repoRoot, absolute)
  if (text === undefined) throw new Error(`${file} is gone; the recording's manifest must stay in place`)
  const updated = setProvenanceLines(text, provenance, file)
  if (updated === text) return undefined
  await writeFixture(repoRoot, absolute, updated)
  return file
}

interface RecordOutcome {
  scenario: string
  ok: boolean
  failures: Failure[]
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
  stamp?: RecordingStamp,
  stubVia?: string,
): Promise<T> {
  if (!outcome.ok && !outcome.written.length) return outcome
  try {
    const provenance = provenanceOf(repoRoot, outcome.scenario, source, stamp, stubVia)
    const file = await writeRecordingSource(repoRoot, outcome.scenario, provenance)
    // Sharing a sidecar may have rewritten the manifest already (listed with a note: env/share-sidecars.ts).
    const listed = outcome.written.some((entry) => entry === file || entry.startsWith(`${file} (`))
    return file && !listed ? { ...outcome, written: [...outcome.written, file] } : outcome
  } catch (error) {
    const message =
      `scenario ${outcome.scenario}: the fixtures were recorded (${source}) ` +
      `but snapshot.yml could not say so: ${(error as Error).message}`
    return { ...outcome, ok: false, failures: [...outcome.failures, failure('recording', outcome.scenario, message)] }
  }
}

/** session.jsonl is the first session, session.<n>.jsonl the later ones. */
const logOrdinal = (file: string) => Number(/^session\.(\d+)\.jsonl$/.exec(file)?.[1] ?? 0)
