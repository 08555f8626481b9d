// `dsh test --report FILE`: the JSON report, with the run's blob beside it (host/snapshot/blob/):
// what `dsh report merge` needs to put the shards of one run back together and render its HTML.
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { packageFile } from '../../../lib/package-root.ts'
import type { SuiteResult } from '../../snapshot/run/run.ts'
import type { Selection } from './test-selection.ts'

function dshVersion(): string {
  return (JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string }).version
}

interface ReportFileSource {
  file: string
  root: string
  report: object
  result: SuiteResult
  mode: string
  interruptedBy?: string
  selection: Selection
}

export async function writeReportFile(source: ReportFileSource): Promise<void> {
  const { buildReportBlob } = await import('../../snapshot/blob/blob.ts')
  const { discoverScenarios } = await import('../../snapshot/scenario/discover.ts')
  const { pinsFirst } = await import('../../snapshot/service/select.ts')
  const { scenarios: corpus } = await discoverScenarios(source.root)
  const inRunOrder = (names?: readonly string[]) =>
    pinsFirst(names ? corpus.filter((s) => names.includes(s.name)) : corpus).map((s) => s.name)
  const { result, selection } = source
  const blob = buildReportBlob({
    dsh: dshVersion(),
    corpus,
    shard: selection.shard ?? null,
    mode: source.mode,
    selection: inRunOrder(selection.selected),
    assigned: inRunOrder(selection.names),
    outcomes: result.outcomes,
    interrupted: result.interrupted,
    interruptedBy: source.interruptedBy,
    loadFailures: result.loadFailures,
    removed: result.removed,
  })
  await writeFile(source.file, `${JSON.stringify({ ...source.report, blob }, null, 2)}\n`)
}
