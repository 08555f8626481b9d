// A scenario's fixture changes as one transaction (issue 28 item 10): a refresh that cannot
// write one file (an immutable file, a read-only folder, a full disk) leaves every file of the
// scenario as it was, and names the one that failed. Steps: write each new text to a temp file
// beside its fixture; move each existing fixture to a backup name (an immutable or protected
// file fails here, before anything changed); move the temps into place; drop the backups. Any
// failure undoes the steps done so far in reverse.
import { randomBytes } from 'node:crypto'
import { rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { checkFixtureSync } from '../io/safe-fixture-io.ts'

/** One fixture to replace (`text`) or to remove (no `text`). */
export interface FixtureChange {
  absolute: string
  /** The repository-relative name the messages use. */
  file: string
  text?: string
}

/** The change that could not be made, and why; nothing of the transaction was left applied. */
export class FixtureWriteError extends Error {
  constructor(
    readonly change: FixtureChange,
    override readonly cause: unknown,
  ) {
    const verb = change.text === undefined ? 'remove' : 'write'
    super(`could not ${verb} ${change.file}: ${(cause as Error)?.message ?? String(cause)}`)
    this.name = 'FixtureWriteError'
  }
}

const sideName = (absolute: string, role: string) =>
  join(dirname(absolute), `.${basename(absolute)}.${randomBytes(6).toString('hex')}.${role}`)

interface Step {
  change: FixtureChange
  exists?: boolean
  temp?: string
  /** Set once the fixture was moved there. */
  backup?: string
  placed?: boolean
}

/** Applies every change or none; throws a FixtureWriteError naming the change that failed. */
export async function applyFixtureChanges(root: string, changes: readonly FixtureChange[]): Promise<void> {
  const steps: Step[] = changes.map((change) => ({ change }))
  let current: Step | undefined
  try {
    for (const step of steps) {
      current = step
      // An odd entry (a link, a FIFO) is refused before anything is written.
      step.exists = checkFixtureSync(root, step.change.absolute)
      if (step.change.text !== undefined) {
        const temp = sideName(step.change.absolute, 'tmp')
        // 'wx': the temp name is new; a link or pipe placed there is refused, not followed.
        await writeFile(temp, step.change.text, { flag: 'wx' })
        step.temp = temp
      }
    }
    for (const step of steps) {
      current = step
      if (!step.exists) continue
      const backup = sideName(step.change.absolute, 'old')
      await rename(step.change.absolute, backup)
      step.backup = backup
    }
    for (const step of steps) {
      current = step
      if (step.temp) await rename(step.temp, step.change.absolute)
      step.placed = Boolean(step.temp)
    }
  } catch (error) {
    await undo(steps)
    throw new FixtureWriteError(current!.change, error)
  }
  for (const step of steps) if (step.backup) await rm(step.backup, { force: true })
}

async function undo(steps: readonly Step[]): Promise<void> {
  for (const step of [...steps].reverse()) {
    if (step.placed) await rm(step.change.absolute, { force: true }).catch(() => {})
    if (step.backup) await rename(step.backup, step.change.absolute).catch(() => {})
    if (step.temp && !step.placed) await rm(step.temp, { force: true }).catch(() => {})
  }
}
