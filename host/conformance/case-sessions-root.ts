// Where a case's agent writes its session logs. dsh (plugins/session) logs every session under
// DSH_SESSIONS_ROOT, else the user's state folder: a conformance run of 50-odd cases would fill
// the user's `dsh sessions` list. Each case gets a temporary root instead, removed with the case,
// unless the user chose a root explicitly (in the runner's environment or the command's NAME=value
// words): that choice is kept and never removed.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const SESSIONS_ROOT_VAR = 'DSH_SESSIONS_ROOT'

export class CaseSessionsRoot {
  private constructor(
    /** The temporary root, or undefined when the user's choice stands. */
    readonly temporary: string | undefined,
  ) {}

  /** A temporary root for the case, unless `env` or `commandEnv` already sets one. */
  static async create(caseId: string, env: NodeJS.ProcessEnv, commandEnv: Record<string, string>) {
    if (env[SESSIONS_ROOT_VAR] || commandEnv[SESSIONS_ROOT_VAR]) return new CaseSessionsRoot(undefined)
    return new CaseSessionsRoot(await mkdtemp(join(tmpdir(), `dsh-conformance-sessions-${caseId}-`)))
  }

  /** What the agent's environment gains: the temporary root, or nothing. */
  get env(): Record<string, string> {
    return this.temporary === undefined ? {} : { [SESSIONS_ROOT_VAR]: this.temporary }
  }

  /** Removes the temporary root with what the agent logged there; returns what could not be removed. */
  async cleanup(): Promise<string[]> {
    if (this.temporary === undefined) return []
    return rm(this.temporary, { recursive: true, force: true }).then(
      () => [],
      (error: Error) => [`could not remove the temp sessions root ${this.temporary}: ${error.message}`],
    )
  }
}
