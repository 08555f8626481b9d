// dsh mutate's speed (issue 41): every mutant of plugins/acp/projection.ts against the corpus
// (no cache, the built bin) over one cold `dsh test` of the corpus, taken in turn in the same run
// (test, mutate, test), so a change of load shifts both. Target: at most 4× (docs/mutate.md, "Speed").
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { formatMs, formatRatio } from '../report.ts'
import { timedSpawn } from '../spawn-timer.ts'
import { ratio } from '../stats.ts'

const MUTATE_TARGET_FILE = 'plugins/acp/projection.ts'

export interface MutateBench {
  testMs: number
  mutateMs: number
  ratio: number
  /** The mutate run's total line, e.g. `killed 140, survived 12, …`. */
  counts: string
}

export async function benchMutate(repoRoot: string): Promise<MutateBench> {
  const env = { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' }
  const bin = join(repoRoot, 'bin', 'dsh.js')
  const scratch = await mkdtemp(join(tmpdir(), 'dsh-bench-mutate-'))
  try {
    const test = () => timedSpawn(process.execPath, [bin, 'test'], { cwd: repoRoot, env })
    const json = join(scratch, 'mutate.json')
    const args = [bin, 'mutate', MUTATE_TARGET_FILE, '--no-cache', '--json', json]
    const before = await test()
    const mutate = await timedSpawn(process.execPath, args, { cwd: repoRoot, env })
    if (mutate.code !== 0) throw new Error(`dsh mutate exited ${mutate.code}: ${mutate.stderr.slice(-2000)}`)
    const after = await test()
    const testMs = Math.min(before.ms, after.ms)
    const total = JSON.parse(await readFile(json, 'utf8')).total as Record<string, number>
    const counts = ['killed', 'survived', 'timeout', 'noCoverage'].map((key) => `${key} ${total[key]}`).join(', ')
    return { testMs, mutateMs: mutate.ms, ratio: ratio(mutate.ms, testMs), counts }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

export function mutateSection(result: MutateBench): string[] {
  return [
    `== mutate: every mutant of ${MUTATE_TARGET_FILE} against the corpus vs one cold dsh test (the quicker of two) ==`,
    `dsh test ${formatMs(result.testMs)}, dsh mutate ${formatMs(result.mutateMs)} (${result.counts}): ` +
      `${formatRatio(result.ratio)}`,
  ]
}
