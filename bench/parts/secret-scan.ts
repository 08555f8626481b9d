// The secret scan's cost beside replay's, in the same run: the 100k-chunk generated session (about
// 10 MB) scanned with every rule, as replay scans a committed fixture, against serving it through
// the replay service. Target: scanning takes at most a quarter of replaying (docs/secret-scan.md).
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { localIdentity } from '../../lib/secrets/identity.ts'
import { rulesFor } from '../../lib/secrets/redact.ts'
import { scanText } from '../../lib/secrets/scan.ts'
import { makeTempCwd } from '../../host/snapshot/fixtures/workspace/temp-cwd.ts'
import { formatMs, formatRatio } from '../report.ts'
import { serveInput, serveThroughReplay } from '../replay-service-run.ts'
import { timeInterleaved, type SampleOptions } from '../sample.ts'
import { generateSession, sessionText } from '../session-gen.ts'
import { ratio, summarize } from '../stats.ts'

const SCAN_TARGET_RATIO = 0.25

interface SecretScanResult {
  bytes: number
  scanMs: number
  replayMs: number
  ratio: number
  hits: number
}

async function benchSecretScan(base: SampleOptions): Promise<SecretScanResult> {
  const session = generateSession({ turns: 1, chunksPerTurn: 100_000 })
  const text = sessionText(session)
  const scratch = await makeTempCwd('bench-secret-scan')
  try {
    const file = join(scratch.path, 'session.jsonl')
    await writeFile(file, text)
    const sessionsRoot = join(scratch.path, 'sessions')
    const cwd = join(scratch.path, 'cwd')
    await Promise.all([mkdir(sessionsRoot), mkdir(cwd)])
    const input = serveInput(session, { file, sessionsRoot, cwd })
    const rules = rulesFor(localIdentity())
    let hits = 0
    const runs = { warmup: Math.min(base.warmup, 1), runs: Math.min(base.runs, 3) }
    const [scan, replay] = await timeInterleaved(
      [() => void (hits = scanText('session.jsonl', text, rules).length), () => serveThroughReplay(input)],
      runs,
    )
    const scanMs = summarize(scan).median
    const replayMs = summarize(replay).median
    return { bytes: Buffer.byteLength(text), scanMs, replayMs, ratio: ratio(scanMs, replayMs), hits }
  } finally {
    await scratch.cleanup()
  }
}

function secretScanSection(result: SecretScanResult): string[] {
  const verdict = result.ratio <= SCAN_TARGET_RATIO ? 'PASS' : 'MISS'
  return [
    '== secret scan: a generated fixture scanned with every rule vs replayed through the replay service ==',
    `${(result.bytes / 1e6).toFixed(1)} MB: scan ${formatMs(result.scanMs)}, replay ${formatMs(result.replayMs)}, ` +
      `scan / replay = ${formatRatio(result.ratio)} (${result.hits} hits)`,
    `${verdict} secret scan ≤ ${SCAN_TARGET_RATIO} × replay of the same fixture: ${formatRatio(result.ratio)}`,
  ]
}

/** The part's lines, for bench/run.ts. */
export async function secretScanLines(base: SampleOptions): Promise<string[]> {
  return secretScanSection(await benchSecretScan(base))
}
