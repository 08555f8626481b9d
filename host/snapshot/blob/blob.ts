// A shard's report blob: the `blob` field of the JSON report `dsh test --report FILE` writes, with
// everything `dsh report merge` needs to check the shards belong together and to render the HTML
// report (every outcome, every scenario's script). Pure: building and parsing, no I/O.
import { createHash } from 'node:crypto'
import type { ScenarioOutcome } from '../model/outcome.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import type { ScenarioInput } from '../scenario/input.ts'
import { provenanceLine } from '../scenario/provenance-text.ts'
import { type BoundedOutcome, boundOutcome } from '../report/bounds.ts'
import { outcomeProblems, outcomeRefusal } from './blob-outcomes.ts'

// 2: failures are data (model/failure.ts), not strings; the differing files are surface failures.
export const BLOB_FORMAT = 'dsh-report-blob/2'

export interface BlobShard {
  index: number
  count: number
}

/**
 * An outcome as a blob keeps it: `execution` (vitest's own judging) stays behind, and its texts are
 * within the report's bounds, with notes of what was left out (report/bounds.ts).
 */
export type BlobOutcome = BoundedOutcome<Omit<ScenarioOutcome, 'execution'>>

export interface ReportBlob {
  format: typeof BLOB_FORMAT
  /** The dsh version that wrote it. */
  dsh: string
  /** Which corpus: a digest of every scenario's name, manifest and script, and how many there are. */
  corpus: { id: string; count: number }
  shard: BlobShard | null
  mode: string
  /** Every scenario the run selected before sharding, in the order a run takes them. */
  selection: string[]
  /** This blob's share of the selection (all of it without --shard). */
  assigned: string[]
  interrupted: boolean
  interruptedBy?: string
  loadFailures: string[]
  removed: string[]
  outcomes: BlobOutcome[]
  inputs: Record<string, ScenarioInput>
  /** Each scenario's provenance line (scenario/provenance-text.ts) for the merged HTML report; not in older blobs. */
  provenance?: Record<string, string>
}

/** A file that is no blob, a torn one, or blobs that do not add up: `dsh report merge` exits 2. */
export class ReportBlobError extends Error {
  override name = 'ReportBlobError'
}

export function corpusId(corpus: readonly LoadedScenario[]): string {
  const hash = createHash('sha256')
  for (const scenario of [...corpus].sort((a, b) => (a.name < b.name ? -1 : 1)))
    hash.update(JSON.stringify([scenario.name, scenario.manifest, scenario.input]))
  return hash.digest('hex').slice(0, 16)
}

export function blobOutcome(outcome: ScenarioOutcome): BlobOutcome {
  const { execution: _, ...kept } = outcome
  return boundOutcome(kept)
}

/** A blob file larger than this is refused before it is read (a 300 MB one took 54 s and 3.6 GB). */
export const MAX_BLOB_BYTES = 64 * 1024 * 1024

/** Why a blob file of `bytes` is not read, or undefined when its size is fine. */
export function blobSizeProblem(file: string, bytes: number): string | undefined {
  if (bytes <= MAX_BLOB_BYTES) return undefined
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`
  return (
    `${file} is ${mib(bytes)}, over the ${mib(MAX_BLOB_BYTES)} a report blob may be; dsh test --report keeps every ` +
    'text of an outcome within the report bounds, so this blob was not written by it or was padded: write it ' +
    'again with dsh test --report FILE'
  )
}

/** Parse a file's text as a report holding a blob; the error names the file and what is wrong. */
export function parseReportBlob(text: string, file: string): ReportBlob {
  let report: unknown
  try {
    report = JSON.parse(text)
  } catch (error) {
    throw new ReportBlobError(
      `${file} is torn: it is not whole JSON (${(error as Error).message}); was its upload or write cut short? ` +
        'Write it again with dsh test --report FILE',
    )
  }
  const blob = (report as { blob?: Partial<ReportBlob> } | null)?.blob
  if ((blob?.format as string | undefined) === 'dsh-report-blob/1')
    throw new ReportBlobError(
      `${file} is a report blob of an older dsh (format dsh-report-blob/1, failures as strings); ` +
        `this dsh reads ${BLOB_FORMAT}: write every shard's blob again with this dsh's dsh test --report FILE`,
    )
  if (!blob || typeof blob !== 'object' || blob.format !== BLOB_FORMAT)
    throw new ReportBlobError(
      `${file} is not a dsh report blob: it has no "blob" field of format ${BLOB_FORMAT}; ` +
        'write one with dsh test --report FILE (dsh 0.1.0 or later)',
    )
  const missing = (['dsh', 'corpus', 'mode', 'selection', 'assigned', 'outcomes', 'inputs'] as const).filter(
    (key) => blob[key] === undefined,
  )
  const badList = [blob.selection, blob.assigned, blob.outcomes].some((list) => list && !Array.isArray(list))
  if (missing.length || badList) {
    const what = missing.length ? `it lacks ${missing.join(', ')}` : 'selection, assigned or outcomes is not a list'
    throw new ReportBlobError(
      `${file} is a damaged dsh report blob: ${what}; write it again with dsh test --report FILE`,
    )
  }
  const problems = outcomeProblems(blob.outcomes!, blob.assigned!)
  if (problems.length) throw new ReportBlobError(outcomeRefusal(file, problems))
  return blob as ReportBlob
}

export interface BlobSource {
  dsh: string
  corpus: readonly LoadedScenario[]
  shard: BlobShard | null
  mode: string
  /** The selection before sharding, and this run's share, each in run order. */
  selection: readonly string[]
  assigned: readonly string[]
  outcomes: readonly ScenarioOutcome[]
  interrupted: boolean
  interruptedBy?: string
  loadFailures: readonly string[]
  removed: readonly string[]
}

export function buildReportBlob(source: BlobSource): ReportBlob {
  const ran = new Set(source.outcomes.map((o) => o.scenario))
  return {
    format: BLOB_FORMAT,
    dsh: source.dsh,
    corpus: { id: corpusId(source.corpus), count: source.corpus.length },
    shard: source.shard,
    mode: source.mode,
    selection: [...source.selection],
    assigned: [...source.assigned],
    interrupted: source.interrupted,
    ...(source.interruptedBy ? { interruptedBy: source.interruptedBy } : {}),
    loadFailures: [...source.loadFailures],
    removed: [...source.removed],
    outcomes: source.outcomes.map(blobOutcome),
    inputs: Object.fromEntries(source.corpus.filter((s) => ran.has(s.name)).map((s) => [s.name, s.input])),
    provenance: Object.fromEntries(
      source.corpus.filter((s) => ran.has(s.name)).map((s) => [s.name, provenanceLine(s.manifest)]),
    ),
  }
}
