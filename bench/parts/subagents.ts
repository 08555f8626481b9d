// Subagents' replay cost (issue 23): a parent whose one step spawns 8 concurrent children of 1k
// chunks each, against one child of 8k chunks; both replayed in process through the agent (the
// composition, the agent loop, the `task` tool, the ACP bridge, normalizeRun). Target: the 8 children
// take under 3× the time of the one (a concurrent replay must not cost more than its chunks do).
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { replayThroughAgent, stageSession } from '../agent-replay.ts'
import { generateFamily } from '../family-gen.ts'
import { formatMs, formatRatio, formatTable } from '../report.ts'
import { timeRuns, type SampleOptions } from '../sample.ts'
import { sessionText } from '../session-gen.ts'
import { ratio, summarize, type Summary } from '../stats.ts'

interface SubagentsResult {
  rows: Array<{ label: string; children: number; chunksPerChild: number; replay: Summary }>
  /** Median of 8 × 1k over 1 × 8k. */
  ratio: number
}

const SHAPES = [
  { label: '1 child × 8k chunks', children: 1, chunksPerChild: 8_000 },
  { label: '8 children × 1k chunks', children: 8, chunksPerChild: 1_000 },
]
const SUBAGENTS_TARGET_RATIO = 3

export async function benchSubagents(repoRoot: string, options: SampleOptions): Promise<SubagentsResult> {
  const rows: SubagentsResult['rows'] = []
  for (const shape of SHAPES) {
    const { parent, children } = generateFamily(shape.children, shape.chunksPerChild)
    const staged = await stageSession(`subagents-${shape.children}`, parent)
    try {
      for (const [index, child] of children.entries())
        await writeFile(join(staged.scenario.dir, `session.${index + 1}.jsonl`), sessionText(child))
      const times = await timeRuns(() => replayThroughAgent(repoRoot, staged, 120_000), options)
      rows.push({ ...shape, replay: summarize(times) })
    } finally {
      await staged.dispose()
    }
  }
  const [oneChild, eightChildren] = rows
  if (!oneChild || !eightChildren) throw new Error(`bench subagents: expected two shapes, measured ${rows.length}`)
  return { rows, ratio: ratio(eightChildren.replay.median, oneChild.replay.median) }
}

export function subagentsSection(result: SubagentsResult): string[] {
  const rows = result.rows.map((row) => [row.label, formatMs(row.replay.median), formatMs(row.replay.min)])
  const verdict = result.ratio < SUBAGENTS_TARGET_RATIO ? 'PASS' : 'MISS'
  return [
    '== subagents: in-process replay through the agent (task calls, concurrent children); medians ==',
    ...formatTable(['session', 'median', 'min'], rows),
    `8 × 1k / 1 × 8k = ${formatRatio(result.ratio)} (target < ${SUBAGENTS_TARGET_RATIO}×): ${verdict}`,
  ]
}
