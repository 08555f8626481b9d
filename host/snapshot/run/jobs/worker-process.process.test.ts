// One real `dsh test --jobs` worker (from source, through tsx): the scenarios handed to it run in
// order, the next handed over before the current one ends, and an interrupted run's `drop` answers
// those not yet started instead of running them.
import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../../lib/package-root.ts'
import { signalGroup } from '../../../../lib/process/group.ts'
import { discoverScenarios } from '../../scenario/discover.ts'
import { scratchProject } from '../../test-support/scratch-project.ts'
import { WorkerProcess } from './worker-process.ts'

const project = scratchProject('worker-process')
for (const name of ['text-turn', 'list-dir', 'read-file'])
  cpSync(packageFile('scenarios', name), join(project.root, 'scenarios', name), { recursive: true })
const worker = new WorkerProcess({ repoRoot: project.root, mode: 'replay', keepSurfaces: false })
afterAll(async () => {
  await worker.stop()
  project.remove()
})

const verdict = async () => {
  const result = await worker.outcome(60_000)
  return result.kind === 'outcome' ? { ran: result.outcome.scenario, ok: result.outcome.ok } : result
}

describe('a dsh test --jobs worker', () => {
  it('runs what it is handed in order, the next one handed before the current one is back', async () => {
    const { scenarios } = await discoverScenarios(project.root, { mode: 'replay' })
    expect(await worker.start(scenarios, 120_000)).toBeUndefined()
    worker.submit('text-turn')
    worker.submit('list-dir')
    expect(await verdict()).toEqual({ ran: 'text-turn', ok: true })
    expect(await verdict()).toEqual({ ran: 'list-dir', ok: true })
  }, 180_000)

  it('answers dropped for what it held but had not started when the run was interrupted, then runs on', async () => {
    // The worker is stopped while the two and the drop are handed over, so it reads all three before it
    // can start either: the drop cannot arrive late, as it could when the parent paused between two sends.
    const pid = worker.pid ?? 0
    signalGroup(pid, 'SIGSTOP')
    try {
      worker.submit('text-turn')
      worker.submit('read-file')
      worker.drop()
    } finally {
      signalGroup(pid, 'SIGCONT')
    }
    // Were the messages read in two chunks, the first could start before the drop; the second waits
    // behind it, and that wait spans event-loop turns that read the drop, so it never starts.
    expect([{ ran: 'text-turn', ok: true }, { kind: 'dropped' }]).toContainEqual(await verdict())
    expect(await verdict()).toEqual({ kind: 'dropped' })
    // A drop cancels only what was handed before it.
    worker.submit('read-file')
    expect(await verdict()).toEqual({ ran: 'read-file', ok: true })
  }, 180_000)
})
