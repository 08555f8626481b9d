// `dsh report merge`: shard blobs made one run's blob, or refused when they do not add up: another
// dsh version, another corpus or selection, a shard or a scenario twice, a shard or a scenario
// missing (each named). Pure: the CLI reads the files and writes the reports.
import { BLOB_FORMAT, ReportBlobError, type BlobOutcome, type ReportBlob } from './blob.ts'
import { plural, noun } from '../../../lib/plural.ts'

export interface NamedBlob {
  file: string
  blob: ReportBlob
}

export function mergeReportBlobs(blobs: readonly NamedBlob[]): ReportBlob {
  const [head] = blobs
  if (!head) throw new ReportBlobError('dsh report merge: no blob given; name the files dsh test --report wrote')
  for (const [what, read] of AGREE) sameEverywhere(head, blobs, what, read)
  const owner = new Map<string, string>()
  const twice: string[] = []
  for (const { file, blob } of blobs)
    for (const name of blob.assigned) {
      const other = owner.get(name)
      if (other !== undefined) twice.push(`scenario ${name} is in two blobs, ${other} and ${file}`)
      owner.set(name, file)
    }
  const first = head.blob
  const missing = first.selection.filter((name) => !owner.has(name))
  // A shard given twice or missing says more than the scenarios it doubles or lacks.
  checkShards(head, blobs, missing)
  if (twice.length) throw new ReportBlobError(`${twice.join('; ')}; merge one run's shards only`)
  if (missing.length)
    throw new ReportBlobError(
      `no blob has ${noun(missing.length, 'scenario')} ${missing.join(', ')} of the selection; ` +
        'add the blob of the shard that ran them',
    )
  const outcomes = new Map<string, BlobOutcome>()
  for (const { blob } of blobs) for (const outcome of blob.outcomes) outcomes.set(outcome.scenario, outcome)
  const interruptedBy = blobs.find(({ blob }) => blob.interruptedBy)?.blob.interruptedBy
  return {
    format: BLOB_FORMAT,
    dsh: first.dsh,
    corpus: first.corpus,
    shard: null,
    mode: first.mode,
    selection: first.selection,
    assigned: first.selection,
    interrupted: blobs.some(({ blob }) => blob.interrupted),
    ...(interruptedBy ? { interruptedBy } : {}),
    loadFailures: [...new Set(blobs.flatMap(({ blob }) => blob.loadFailures))],
    removed: [...new Set(blobs.flatMap(({ blob }) => blob.removed))].sort(),
    outcomes: first.selection.flatMap((name) => outcomes.get(name) ?? []),
    inputs: Object.assign({}, ...blobs.map(({ blob }) => blob.inputs)),
    provenance: Object.assign({}, ...blobs.map(({ blob }) => blob.provenance ?? {})),
  }
}

const AGREE: ReadonlyArray<readonly [string, (blob: ReportBlob) => string]> = [
  ['dsh version', (blob) => blob.dsh],
  ['corpus', (blob) => `${blob.corpus.id} (${plural(blob.corpus.count, 'scenario')})`],
  ['mode', (blob) => blob.mode],
  ['selection', (blob) => `${plural(blob.selection.length, 'scenario')}: ${blob.selection.slice(0, 3).join(', ')}…`],
]

function sameEverywhere(
  first: NamedBlob,
  blobs: readonly NamedBlob[],
  what: string,
  read: (blob: ReportBlob) => string,
): void {
  const other = blobs.find(({ blob }) => read(blob) !== read(first.blob))
  if (other)
    throw new ReportBlobError(
      `the blobs are from different runs: ${first.file} has ${what} ${read(first.blob)}, ${other.file} has ` +
        `${read(other.blob)}; merge the shards of one dsh test run of one checkout`,
    )
}

/** Every blob a shard of the same N, each index once and none missing; or a single unsharded blob. */
function checkShards(head: NamedBlob, blobs: readonly NamedBlob[], missingNames: readonly string[]): void {
  const unsharded = blobs.find(({ blob }) => !blob.shard)
  if (unsharded && blobs.length > 1)
    throw new ReportBlobError(
      `${unsharded.file} is a whole run (no --shard), so it merges with nothing; give the shards' blobs only`,
    )
  if (unsharded || !head.blob.shard) return
  const { count } = head.blob.shard
  const byIndex = new Map<number, string>()
  for (const { file, blob } of blobs) {
    if (!blob.shard) continue
    const { index, count: n } = blob.shard
    if (n !== count)
      throw new ReportBlobError(`${file} is shard ${index}/${n} but ${head.file} is one of ${plural(count, 'shard')}`)
    const other = byIndex.get(index)
    if (other) throw new ReportBlobError(`shard ${index}/${count} is given twice: ${other} and ${file}`)
    byIndex.set(index, file)
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !byIndex.has(index))
  if (missing.length)
    throw new ReportBlobError(
      `${noun(missing.length, 'shard')} ${missing.map((index) => `${index}/${count}`).join(', ')} missing: ` +
        `${blobs.length} of ${count} blobs given, so no blob has ${listed(missingNames)}; ` +
        `add the missing ${noun(missing.length, "shard's blob", "shards' blobs")} or rerun them`,
    )
}

function listed(names: readonly string[]): string {
  if (!names.length) return 'none of their scenarios (they were empty)'
  const shown = names.slice(0, 10).join(', ')
  return `${noun(names.length, 'scenario')} ${shown}${names.length > 10 ? ` and ${names.length - 10} more` : ''}`
}
