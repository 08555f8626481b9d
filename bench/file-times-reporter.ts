// A vitest reporter for the bench's npm-test part: the wall time of every test file (vitest's
// prepare + import + setup + its tests and hooks, in its worker), written as JSON to the file named
// by DSH_BENCH_FILE_TIMES when the run ends. The bench adds it to `npm test` with `--reporter`.
import { writeFileSync } from 'node:fs'
import type { Reporter, TestModule } from 'vitest/node'

export const FILE_TIMES_ENV = 'DSH_BENCH_FILE_TIMES'

export interface FileTime {
  /** Relative to the repository root. */
  file: string
  project: string
  wallMs: number
}

function fileTimeOf(module: Pick<TestModule, 'relativeModuleId' | 'project' | 'diagnostic'>): FileTime {
  const d = module.diagnostic()
  return {
    file: module.relativeModuleId,
    project: module.project.name,
    wallMs: d.prepareDuration + d.collectDuration + d.setupDuration + d.duration,
  }
}

export default class FileTimesReporter implements Reporter {
  private readonly times: FileTime[] = []

  onTestModuleEnd(module: TestModule): void {
    this.times.push(fileTimeOf(module))
  }

  onTestRunEnd(): void {
    const out = process.env[FILE_TIMES_ENV]
    if (out) writeFileSync(out, `${JSON.stringify(this.times, null, 2)}\n`)
  }
}
