// A fresh case cwd is `<fence>/cwd`: the fence is a temp folder of the case's own, so a file that
// appears beside the cwd was written outside it by the agent (a `../` path, a cwd mistaken for its
// parent), and fails the case by name. Writes elsewhere on the machine are not seen; fs requests
// outside the cwd are refused and fail the case too (run-case.ts). A given --cwd has no fence.
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { docFile } from '../../lib/package-root.ts'

const CWD_NAME = 'cwd'

export class CaseFence {
  private constructor(
    readonly dir: string,
    readonly cwd: string,
  ) {}

  static async create(caseId: string): Promise<CaseFence> {
    const dir = await mkdtemp(join(tmpdir(), `dsh-conformance-${caseId}-`))
    const cwd = join(dir, CWD_NAME)
    await mkdir(cwd)
    return new CaseFence(dir, cwd)
  }

  /** What appeared beside the cwd, as problems of the case; then the fence is removed whole. */
  async close(): Promise<string[]> {
    const entries = await readdir(this.dir).catch(() => [CWD_NAME])
    const outside = entries.filter((name) => name !== CWD_NAME).sort()
    const problems = outside.length
      ? [
          `the agent wrote outside the session cwd: ${outside.map((name) => join(this.dir, name)).join(', ')} ` +
            `appeared beside the cwd ${this.cwd}. An agent must keep its writes inside the session cwd ` +
            `(${docFile('conformance.md')}, "Writes outside the cwd")`,
        ]
      : []
    const removed = await rm(this.dir, { recursive: true, force: true }).then(
      () => [],
      (error: Error) => [`could not remove the temp folder ${this.dir}: ${error.message}`],
    )
    return [...problems, ...removed]
  }
}

/** The fs/write_text_file requests the runner refused because they led outside the cwd. */
export function outsideWriteRequests(ops: ReadonlyArray<{ op: string; path: string; outside?: true }>): string[] {
  const paths = ops.filter((op) => op.op === 'write' && op.outside).map((op) => JSON.stringify(op.path))
  if (!paths.length) return []
  return [
    `the agent asked to write outside the session cwd: fs/write_text_file ${paths.join(', ')} (refused with ` +
      `-32602). An agent must keep its writes inside the session cwd (${docFile('conformance.md')}, "Writes ` +
      'outside the cwd")',
  ]
}
