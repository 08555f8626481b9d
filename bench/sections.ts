// The printed report, one section per part: measurements in, lines out. Pure.
import type { CorpusResult, CorpusTiming } from './parts/corpus.ts'
import type { DeterminismResult } from './parts/determinism.ts'
import type { FixedCosts } from './parts/fixed.ts'
import type { ScaleResult } from './parts/scale.ts'
import type { ScenariosResult } from './parts/scenarios.ts'
import type { SelectTiming } from './parts/select.ts'
import type { SuiteTiming } from './parts/suite.ts'
import { formatMs, formatRatio, formatTable } from './report.ts'
import { ratio, type Summary } from './stats.ts'
import { SLOW_FILE_S } from './targets.ts'
import { plural } from '../lib/plural.ts'

export function scenariosSection(result: ScenariosResult): string[] {
  const rows = result.rows.map((row) => [
    row.failure ? `${row.name} (not counted)` : row.name,
    formatMs(row.inproc?.median),
    formatMs(row.play?.median),
    formatMs(row.subprocess?.median),
    formatRatio(row.ratio),
  ])
  const counted = result.rows.filter((row) => !row.failure).length
  return [
    '== scenarios: runScenario in replay mode, in-process vs subprocess (built bin); medians ==',
    ...formatTable(['scenario', 'in-process', 'its play', 'subprocess', 'ratio'], rows),
    ...result.rows.filter((row) => row.failure).map((row) => `not counted: ${row.name}: ${row.failure}`),
    `typical scenario (median over ${counted} of ${result.rows.length}): ` +
      `in-process ${formatMs(result.inprocMedianMs)}, subprocess ${formatMs(result.subprocessMedianMs)}, ` +
      `ratio ${formatRatio(result.ratio)}` +
      (result.inprocCpuMedianMs === undefined ? '' : `; in-process CPU time ${formatMs(result.inprocCpuMedianMs)}`),
    ...(result.playMedianMs === undefined
      ? []
      : [
          'its play alone (the ACP exchange with the agent, on its stage; preparing, judging, cleaning up ' +
            `not timed): ${formatMs(result.playMedianMs)}`,
        ]),
  ]
}

export function fixedSection(fixed: FixedCosts, subprocessMedianMs?: number): string[] {
  const row = (label: string, summary: Summary) => [
    label,
    formatMs(summary.median),
    formatMs(summary.min),
    formatMs(summary.max),
  ]
  const lines = [
    '== fixed costs of a subprocess run ==',
    ...formatTable(
      ['cost', 'median', 'min', 'max'],
      [
        row("node -e ''", fixed.nodeStart),
        row('node bin/dsh.js --help', fixed.binHelp),
        row("node: import dsh serve's command module", fixed.serveImport),
        row('bootComposition + dispose (in this process)', fixed.boot),
        row('dsh serve: boot, stdin EOF, exit', fixed.serveEof),
      ],
    ),
    `--help / node start = ${formatRatio(fixed.binRatio)} (runs interleaved); ` +
      `bin import ≈ serve's imports − node start = ${formatMs(fixed.binImportMs)}`,
    `floor = node start + bin import + boot = ${formatMs(fixed.floorMs)}`,
  ]
  if (subprocessMedianMs !== undefined) {
    lines.push(
      `subprocess median / floor = ${formatRatio(ratio(subprocessMedianMs, fixed.floorMs))}; / dsh serve ` +
        `boot-and-exit = ${formatRatio(ratio(subprocessMedianMs, fixed.serveEof.median))}`,
    )
  }
  return lines
}

export function scaleSection(scale: ScaleResult): string[] {
  const header = [
    'session',
    'chunks',
    'MB',
    'derive',
    'replay svc',
    'normalize',
    'components',
    'agent replay',
    'agent normalize',
    'agent total',
    'agent µs/chunk',
  ]
  const rows = scale.rows.map((row) => [
    row.label,
    String(row.chunks),
    (row.bytes / 1e6).toFixed(1),
    formatMs(row.derive.median),
    formatMs(row.replay.median),
    formatMs(row.normalize.median),
    formatMs(row.components.median),
    formatMs(row.agent?.replay.median),
    formatMs(row.agent?.normalize.median),
    formatMs(row.agent?.total.median),
    row.agent ? ((row.agent.total.median * 1000) / row.chunks).toFixed(0) : 'n/a',
  ])
  return [
    '== scale: generated sessions; components = replay service + normalizeRun, agent = the real in-process path; ' +
      'medians ==',
    ...formatTable(header, rows),
    `10k → 100k cost ratio: components ${formatRatio(scale.componentsRatio)}, agent loop ` +
      `${formatRatio(scale.agentRatio)} (linear growth is 10×)`,
    `compactions and retries bound by identity, per chunk over 100 turns × 100: ` +
      `${formatRatio(scale.identityPerChunk)} (linear is 1×)`,
  ]
}

/** `command: median of N (min, max); result line; exit code`. */
function timingLine(timing: { command: string; wall: Summary; tests: string; code: number | null }): string {
  const { command, wall } = timing
  return (
    `${command}: ${formatMs(wall.median)} median of ${wall.runs} (min ${formatMs(wall.min)}, ` +
    `max ${formatMs(wall.max)}); ${timing.tests || 'no result line'}; exit ${timing.code}`
  )
}

/** How many of the slowest test files the npm-test section lists (all those over the limit, at least). */
const SLOWEST_SHOWN = 10

export function suiteSection(suite: SuiteTiming, title = 'suite'): string[] {
  const lines = [`== ${title} ==`, timingLine(suite)]
  if (suite.code !== 0) lines.push('warning: the suite did not pass; its time may not be representative')
  if (suite.files) {
    const over = suite.files.filter((file) => file.wallMs > SLOW_FILE_S * 1000).length
    const shown = suite.files.slice(0, Math.max(over, SLOWEST_SHOWN))
    lines.push(
      `slowest of ${suite.files.length} test files (wall in their worker; ${over} over ${SLOW_FILE_S} s):`,
      ...formatTable(
        ['file', 'project', 'wall'],
        shown.map((file) => [file.file, file.project, formatMs(file.wallMs)]),
      ),
    )
  }
  return lines
}

export function corpusSection(corpus: CorpusResult): string[] {
  const lines = [
    '== corpus: every scenario from a cold start, as one dsh test and under vitest (runs alternate) ==',
    timingLine(corpus.dsh),
    timingLine(corpus.vitest),
    `vitest / dsh test = ${formatRatio(ratio(corpus.vitest.wall.median, corpus.dsh.wall.median))}`,
  ]
  const failed = (timing: CorpusTiming) => timing.code !== 0
  if (failed(corpus.dsh) || failed(corpus.vitest))
    lines.push('warning: a corpus run did not pass; its time may not be representative')
  return lines
}

export function selectSection(select: SelectTiming): string[] {
  const lines = [
    '== select: one scenario under vitest, cold ==',
    `${select.command}: ${formatMs(select.wall.median)} median of ${select.wall.runs} ` +
      `(min ${formatMs(select.wall.min)}, max ${formatMs(select.wall.max)}); ` +
      `${select.tests || 'no Tests line'}; exit ${select.code}`,
  ]
  if (select.code !== 0 || !/1 passed/.test(select.tests))
    lines.push('warning: the scenario did not pass alone; its time may not be representative')
  return lines
}

export function determinismSection(result: DeterminismResult): string[] {
  const perRun = result.runs ? result.wallMs / result.runs : Number.NaN
  return [
    `== determinism: the corpus (${plural(result.scenarios, 'scenario')}) replayed ` +
      `${result.runs === 1 ? 'once' : `${result.runs} times`} ` +
      'in one host composition ==',
    `runs=${result.runs} distinct=${result.distinct}`,
    ...result.divergences.map(
      ({ run, scenarios }) => `run ${run} differs from run 1 in: ${scenarios.join(', ') || '(the set of scenarios)'}`,
    ),
    ...result.failing.map(({ scenario, run, failure }) => `failed: ${scenario} (first in run ${run}): ${failure}`),
    `${formatMs(result.wallMs)} in all, ${formatMs(perRun)} per corpus run` +
      (result.distinct === 1 && !result.failing.length ? '' : '; NOT DETERMINISTIC or not green: see above'),
  ]
}
