// How replay cost grows with session size: generated sessions of 1k, 10k and 100k chunks in
// one turn, and one of 100 turns, each measured twice —
//   components: deriveReplayScript alone; the replay service (start = read, parse, validate,
//               derive; then serve every turn through ctx.llm.stream); normalizeRun over the log;
//   agent:      the real in-process scenario path (composition, agent loop, ACP bridge over the
//               in-memory pipe, session store) plus normalizeRun over its transcript and log.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { deriveReplayScript } from '../../plugins/llm-replay/index.ts'
import { parseSessionLog } from '../../plugins/session/log-format.ts'
import { normalizeRun } from '../../host/snapshot/core/normalize/run.ts'
import { reviveLog } from '../../host/snapshot/fixtures/fixture-logs.ts'
import { makeTempCwd } from '../../host/snapshot/fixtures/workspace/temp-cwd.ts'
import { replayThroughAgent, stageSession } from '../agent-replay.ts'
import { serveInput, serveThroughReplay } from '../replay-service-run.ts'
import { collectRuns, timeRuns, type SampleOptions } from '../sample.ts'
import { generateSession, sessionText, type SessionShape } from '../session-gen.ts'
import { ratio, summarize, type Summary } from '../stats.ts'

interface ScaleCase extends SessionShape {
  label: string
}

const IDENTITY_CASE = '500 turns, 10 compactions, 50 retries'

const SCALE_CASES: ScaleCase[] = [
  { label: '1k chunks', turns: 1, chunksPerTurn: 1_000 },
  { label: '10k chunks', turns: 1, chunksPerTurn: 10_000 },
  { label: '100k chunks', turns: 1, chunksPerTurn: 100_000 },
  { label: '100 turns × 100', turns: 100, chunksPerTurn: 100 },
  // Issue 37 item 7: calls bound by identity (compactions, retries) cost no more per chunk than turns.
  {
    label: IDENTITY_CASE,
    turns: 500,
    chunksPerTurn: 100,
    calls: { retried: 50, compactions: 10 },
  },
]

interface ScaleRow {
  label: string
  chunks: number
  bytes: number
  derive: Summary
  /** Replay service: start (load + derive) and serve every turn. */
  replay: Summary
  normalize: Summary
  /** replay + normalize, per run. */
  components: Summary
  agent?: { replay: Summary; normalize: Summary; total: Summary }
}

export interface ScaleResult {
  rows: ScaleRow[]
  /** Median components total of 100k over 10k. */
  componentsRatio: number
  /**
   * Components time per chunk of the 500-turn session with compactions and retries over that of
   * 100 turns × 100 (issue 37 item 7): about 1 when calls bound by identity replay linearly.
   */
  identityPerChunk: number
  agentRatio: number
}

/** A live log's request/header carries the real system prompt and tool schemas, which normalization scrubs. */
const LIVE_REQUEST = {
  system: 'You are a coding agent working in {{cwd}}.',
  tools: [{ name: 'bash', description: 'Run a command', parameters: { type: 'object' } }],
}

/** A case's median components time per chunk. */
function perChunk(rows: readonly ScaleRow[], label: string): number {
  const row = rows.find((candidate) => candidate.label === label)
  return row ? row.components.median / row.chunks : Number.NaN
}

/** The biggest sessions cost seconds per run: fewer kept runs, and the smaller sizes before them are the warm-up. */
function runsFor(chunks: number, base: SampleOptions): SampleOptions {
  return chunks >= 50_000 ? { warmup: 0, runs: Math.min(base.runs, 3) } : base
}

export async function benchScale(
  repoRoot: string,
  base: SampleOptions,
  options: { agent: boolean; onRow?: (row: ScaleRow) => void },
): Promise<ScaleResult> {
  const rows: ScaleRow[] = []
  for (const shape of SCALE_CASES) {
    const row = await measureCase(repoRoot, shape, base, options.agent)
    rows.push(row)
    options.onRow?.(row)
  }
  const total = (label: string, pick: (row: ScaleRow) => Summary | undefined) =>
    pick(rows.find((row) => row.label === label)!)?.median ?? Number.NaN
  return {
    rows,
    componentsRatio: ratio(
      total('100k chunks', (r) => r.components),
      total('10k chunks', (r) => r.components),
    ),
    agentRatio: ratio(
      total('100k chunks', (r) => r.agent?.total),
      total('10k chunks', (r) => r.agent?.total),
    ),
    identityPerChunk: ratio(perChunk(rows, IDENTITY_CASE), perChunk(rows, '100 turns × 100')),
  }
}

async function measureCase(repoRoot: string, shape: ScaleCase, base: SampleOptions, agent: boolean): Promise<ScaleRow> {
  const runs = runsFor(shape.turns * shape.chunksPerTurn, base)
  const session = generateSession(shape)
  const text = sessionText(session)
  const scratch = await makeTempCwd(`bench-scale-${shape.turns}x${shape.chunksPerTurn}`)
  try {
    const file = join(scratch.path, 'session.jsonl')
    await writeFile(file, text)
    const sessionsRoot = join(scratch.path, 'sessions')
    await mkdir(sessionsRoot)
    const cwd = join(scratch.path, 'cwd')
    await mkdir(cwd)

    const parsed = parseSessionLog(text, file)
    const derive = await timeRuns(() => deriveReplayScript(parsed.events), runs)
    const input = serveInput(session, { file, sessionsRoot, cwd })
    const replay = await timeRuns(() => serveThroughReplay(input), runs)
    // What the host normalizes is the live log: seq/time, a real session id, the real cwd.
    const live = reviveLog(sessionText(generateSession({ ...shape, request: LIVE_REQUEST })), cwd)
    const normalize = await timeRuns(() => normalizeRun({ messages: [], sessionLogs: [live], cwdPaths: [cwd] }), runs)
    const components = replay.map((ms, index) => ms + (normalize[index] ?? Number.NaN))

    const row: ScaleRow = {
      label: shape.label,
      chunks: input.expectedChunks,
      bytes: Buffer.byteLength(text),
      derive: summarize(derive),
      replay: summarize(replay),
      normalize: summarize(normalize),
      components: summarize(components),
    }
    // The agent would need the recording's window and a flaky provider to make the same calls: components only.
    if (agent && !shape.calls) {
      const staged = await stageSession(`bench-${shape.turns}x${shape.chunksPerTurn}`, session)
      try {
        const timings = await collectRuns(() => replayThroughAgent(repoRoot, staged, 300_000), runs)
        row.agent = {
          replay: summarize(timings.map((t) => t.replayMs)),
          normalize: summarize(timings.map((t) => t.normalizeMs)),
          total: summarize(timings.map((t) => t.replayMs + t.normalizeMs)),
        }
      } finally {
        await staged.dispose()
      }
    }
    return row
  } finally {
    await scratch.cleanup()
  }
}
