// `dsh report merge BLOB… [--html FILE] [--report FILE]`: the JSON reports (with their blobs) that
// the shards of one `dsh test --shard I/N --report FILE` run wrote, made one report: the text report
// on stdout, one JSON report, one HTML report, one exit code. Blobs that do not add up are refused
// with what is wrong and which file says so (exit 2). docs/ci.md shows it in CI.
import { type FileHandle, open, stat, writeFile } from 'node:fs/promises'
import { UsageError, paintFor, type CliCommand } from './command.ts'
import { reportHelp } from './command-help.ts'
import { outputFileOption } from './path-options.ts'
import { formatTextReport, suiteReport } from './test-report.ts'
import type { SuiteResult } from '../../snapshot/run/run.ts'

export const reportCommand: CliCommand = {
  ...reportHelp,
  async run({ values, positionals }, io) {
    const [action, ...files] = positionals
    if (action !== 'merge')
      throw new UsageError(`dsh report takes merge BLOB…, got ${action === undefined ? 'nothing' : `"${action}"`}`)
    if (!files.length) throw new UsageError('dsh report merge needs the blob files dsh test --report wrote')
    const reportFile = outputFileOption(values, 'report')
    const htmlFile = outputFileOption(values, 'html')
    const { ReportBlobError, parseReportBlob } = await import('../../snapshot/blob/blob.ts')
    const { mergeReportBlobs } = await import('../../snapshot/blob/merge.ts')
    let merged: ReturnType<typeof mergeReportBlobs>
    try {
      const blobs = await Promise.all(
        files.map(async (file) => ({ file, blob: parseReportBlob(await readBlobText(file), file) })),
      )
      merged = mergeReportBlobs(blobs)
    } catch (error) {
      if (!(error instanceof ReportBlobError)) throw error
      io.stderr(`dsh report merge: ${error.message}\n`)
      return 2
    }
    const result: SuiteResult = {
      outcomes: merged.outcomes.map((outcome) => ({ ...outcome })),
      loadFailures: merged.loadFailures,
      removed: merged.removed,
      interrupted: merged.interrupted,
    }
    const report = suiteReport(result, merged.mode, merged.interruptedBy)
    if (reportFile) await writeFile(reportFile, `${JSON.stringify({ ...report, blob: merged }, null, 2)}\n`)
    if (htmlFile) {
      const { renderHtmlReport } = await import('../../snapshot/report/html-report.ts')
      await writeFile(htmlFile, renderHtmlReport({ ...result, inputs: merged.inputs, provenance: merged.provenance }))
      io.stderr(`dsh report merge: wrote ${htmlFile}\n`)
    }
    io.stdout(formatTextReport(result, paintFor(io, 'stdout'), { interruptedBy: merged.interruptedBy }))
    return report.ok ? 0 : 1
  },
}

/** The blob's text; one over the size bound is refused before it is read. */
async function readBlobText(file: string): Promise<string> {
  const { ReportBlobError, blobSizeProblem } = await import('../../snapshot/blob/blob.ts')
  let handle: FileHandle | undefined
  try {
    // A FIFO or a device would block the open, or never end: only a regular file is read.
    if (!(await stat(file)).isFile()) throw new ReportBlobError(`${file} is not a regular file; give a blob file`)
    handle = await open(file, 'r')
    const problem = blobSizeProblem(file, (await handle.stat()).size)
    if (problem) throw new ReportBlobError(problem)
    return await handle.readFile('utf8')
  } catch (error) {
    if (error instanceof ReportBlobError) throw error
    throw new ReportBlobError(`cannot read ${file}: ${(error as Error).message}`)
  } finally {
    await handle?.close()
  }
}
