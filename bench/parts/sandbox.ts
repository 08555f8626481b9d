// The sandbox's cost (issue 39): one bash call of `true` through the real tool, confined by this
// machine's sandbox against the same call with the sandbox off, taken in turn in the same run.
// Target: the confined call costs at most 1.5× the unconfined one (docs/sandbox.md, "Cost").
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { detectSandbox } from '../../lib/sandbox/detect.ts'
import { tierLine } from '../../lib/sandbox/tier.ts'
import { createBashTool } from '../../plugins/tools/bash.ts'
import { ToolsConfig } from '../../plugins/tools/config.ts'
import { formatMs, formatRatio } from '../report.ts'
import { timeInterleaved, type SampleOptions } from '../sample.ts'
import { ratio, summarize, type Summary } from '../stats.ts'

const SANDBOX_TARGET_RATIO = 1.5
/** Calls per timed run: one call is a few milliseconds, too short to time alone on a busy machine. */
const CALLS_PER_RUN = 10

interface SandboxResult {
  tier: string
  /** Undefined where this machine has no sandbox (nothing to compare). */
  confined?: Summary
  unconfined: Summary
  ratio?: number
}

export async function benchSandbox(options: SampleOptions): Promise<SandboxResult> {
  const defaults = ToolsConfig.parse({})
  const tier = await detectSandbox()
  const tool = (mode: 'preferred' | 'off') =>
    createBashTool(defaults.bash, undefined, { config: { ...defaults.sandbox, mode } })
  const cwd = await mkdtemp(join(tmpdir(), 'dsh-bench-sandbox-'))
  try {
    const context = { cwd, signal: new AbortController().signal, hidden: [] }
    const calls = (bash: ReturnType<typeof tool>) => async () => {
      for (let call = 0; call < CALLS_PER_RUN; call++) {
        const result = await bash.run({ command: 'true' }, context)
        if (result.isError) throw new Error(`bash true failed: ${result.output}`)
      }
    }
    const tasks = tier.available ? [calls(tool('off')), calls(tool('preferred'))] : [calls(tool('off'))]
    const [unconfined, confined] = (await timeInterleaved(tasks, options)).map((times) =>
      summarize(times.map((ms) => ms / CALLS_PER_RUN)),
    )
    return {
      tier: tierLine(tier),
      unconfined: unconfined!,
      ...(confined ? { confined, ratio: ratio(confined.median, unconfined!.median) } : {}),
    }
  } finally {
    await rm(cwd, { recursive: true, force: true })
  }
}

export function sandboxSection(result: SandboxResult): string[] {
  const lines = [
    '== sandbox: bash `true` through the tool, confined vs sandbox off, taken in turn; medians per call ==',
    `tier: ${result.tier}`,
    `sandbox off ${formatMs(result.unconfined.median)}, confined ${formatMs(result.confined?.median)}`,
  ]
  const target = `confined / off ≤ ${SANDBOX_TARGET_RATIO}×`
  if (result.ratio === undefined) return [...lines, `SKIP ${target}: no sandbox here`]
  const verdict = result.ratio <= SANDBOX_TARGET_RATIO ? 'PASS' : 'MISS'
  return [...lines, `${verdict} ${target}: ${formatRatio(result.ratio)}`]
}
