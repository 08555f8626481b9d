// The fixed costs a subprocess run pays before the first ACP message, so its time can be read
// against the physical floor: node's own start, importing the built CLI, booting the composition.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { bootComposition } from '../../plugins/config/boot.ts'
import type { Patch } from '../../plugins/config/index.ts'
import { makeTempCwd } from '../../host/snapshot/fixtures/workspace/temp-cwd.ts'
import { timeInterleaved, timeRuns, type SampleOptions } from '../sample.ts'
import { generateSession, sessionText } from '../session-gen.ts'
import { timedSpawnOk } from '../spawn-timer.ts'
import { ratio, summarize, type Summary } from '../stats.ts'

export interface FixedCosts {
  /** `node -e ''`. */
  nodeStart: Summary
  /** `node bin/dsh.js --help`: node start + importing dist/host/app/cli.js (and printing the usage). */
  binHelp: Summary
  /** binHelp / nodeStart (medians of interleaved runs): what `dsh --help` adds to node's own start. */
  binRatio: number
  /**
   * `node -e "await import('…/dist/host/app/cli/serve.js')"`: node start + what a `dsh serve` run
   * imports before it boots. `--help` measured this until commands loaded on demand (issue 18).
   */
  serveImport: Summary
  /** serveImport − nodeStart (medians): the import cost in the floor. */
  binImportMs: number
  /** In this (warm) process: bootComposition of cordis.yml + cordis.snapshot.yml, then dispose. */
  boot: Summary
  /** A spawned `dsh serve` on the same composition that boots, sees stdin EOF and shuts down. */
  serveEof: Summary
  /** nodeStart + binImport + boot: the floor of one subprocess run. */
  floorMs: number
}

/** Each of these costs well under a second, and the floor is a sum of three medians: take at least 7 runs. */
const MIN_FIXED_RUNS = 7
/** bin_ratio compares two ~100 ms process starts whose noise is a good part of the difference: more pairs. */
const MIN_START_PAIRS = 15

export async function benchFixed(repoRoot: string, base: SampleOptions): Promise<FixedCosts> {
  const runs = { warmup: base.warmup, runs: Math.max(base.runs, MIN_FIXED_RUNS) }
  const scratch = await makeTempCwd('bench-fixed')
  try {
    // llm-replay needs a fixture: a header-only log gives it nothing to serve and nothing to report.
    const fixture = join(scratch.path, 'session.jsonl')
    await writeFile(fixture, sessionText(generateSession({ turns: 0, chunksPerTurn: 0 })))
    const sessionsRoot = join(scratch.path, 'sessions')
    await mkdir(sessionsRoot)
    const ownPatches = [
      { id: 'session', config: { root: sessionsRoot } },
      { id: 'llm-replay', config: { scenario: 'bench-empty', sessions: [{ file: fixture }] } },
    ] satisfies Patch[]
    const patchFile = join(scratch.path, 'bench-patch.json')
    await writeFile(patchFile, JSON.stringify(ownPatches))

    const node = process.execPath
    const bin = join(repoRoot, 'bin', 'dsh.js')
    // Side by side, so the ratio holds even while the machine's load changes.
    const [nodeTimes, helpTimes] = await timeInterleaved(
      [
        () => timedSpawnOk(node, ['-e', ''], { cwd: repoRoot }),
        () => timedSpawnOk(node, [bin, '--help'], { cwd: repoRoot }),
      ],
      { warmup: runs.warmup, runs: Math.max(runs.runs, MIN_START_PAIRS) },
    )
    const nodeStart = summarize(nodeTimes)
    const binHelp = summarize(helpTimes)
    const boot = summarize(
      await timeRuns(async () => {
        const lines: string[] = []
        const booted = await bootComposition({
          configFile: join(repoRoot, 'cordis.yml'),
          // ACP over nothing: in this process stdio belongs to the bench.
          patches: [
            join(repoRoot, 'cordis.snapshot.yml'),
            {
              source: 'bench boot patch',
              baseDir: repoRoot,
              patches: [...ownPatches, { id: 'acp', config: { transport: 'none' } }],
            },
          ],
          env: {},
          log: (line) => lines.push(line),
        })
        await booted.dispose()
        if (lines.length) throw new Error(`bench: booting the composition logged:\n${lines.join('\n')}`)
      }, runs),
    )
    const serveArgs = [
      bin,
      'serve',
      '--config',
      join(repoRoot, 'cordis.yml'),
      '--patch',
      join(repoRoot, 'cordis.snapshot.yml'),
      '--patch',
      patchFile,
    ]
    const serveEof = summarize(
      await timeRuns(() => timedSpawnOk(node, serveArgs, { cwd: scratch.path, env: { PATH: process.env.PATH } }), runs),
    )
    const serveModule = pathToFileURL(join(repoRoot, 'dist', 'host', 'app', 'cli', 'serve.js')).href
    const serveImport = summarize(
      await timeRuns(
        () =>
          timedSpawnOk(node, ['--input-type=module', '-e', `await import(${JSON.stringify(serveModule)})`], {
            cwd: repoRoot,
          }),
        runs,
      ),
    )
    const binImportMs = Math.max(0, serveImport.median - nodeStart.median)
    return {
      nodeStart,
      binHelp,
      binRatio: ratio(binHelp.median, nodeStart.median),
      serveImport,
      binImportMs,
      boot,
      serveEof,
      floorMs: nodeStart.median + binImportMs + boot.median,
    }
  } finally {
    await scratch.cleanup()
  }
}
