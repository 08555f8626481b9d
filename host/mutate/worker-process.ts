// One mutate worker seen from the parent: spawned in its own process group behind a lifeline (it
// dies with this process, even by SIGKILL), asked one thing at a time. A worker that does not
// answer within the limit is killed with its group: the caller counts that as a timeout.
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ownModule, packageFile } from '../../lib/package-root.ts'
import { signalGroup } from '../../lib/process/group.ts'
import { lifelineShellArgs } from '../../lib/process/lifeline.ts'
import { waitGroupGone } from '../../lib/process/liveness.ts'
import { isKeyVariable } from '../../plugins/llm/keys.ts'
import type { FromMutateWorker, MutateWorkerSetup, ToMutateWorker } from './protocol.ts'
import { ACTIVE_MUTANT_ENV } from './switch.ts'

const liveGroups = new Set<number>()
process.on('exit', () => {
  for (const pgid of liveGroups) signalGroup(pgid, 'SIGKILL')
})

export type Reply = FromMutateWorker | { type: 'exit'; why: string; hung: boolean }

interface SpawnOptions {
  /** Run dsh from its TypeScript sources (through tsx): needed when a target is one of dsh's own files. */
  fromSource: boolean
  /** Seeds the active mutant before any module loads (a static mutant). */
  activeMutant?: string
}

/** The worker module and the node flags it needs: from source, tsx found from dsh's own folder. */
function command(fromSource: boolean): string[] {
  if (!fromSource) return [ownModule('host/mutate/worker.ts')]
  const tsx = dirname(createRequire(import.meta.url).resolve('tsx/package.json'))
  return ['--import', pathToFileURL(join(tsx, 'dist', 'loader.mjs')).href, packageFile('host/mutate/worker.ts')]
}

/** No key reaches a worker: it only replays. */
function workerEnv(activeMutant: string | undefined): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !isKeyVariable(name)))
  delete env[ACTIVE_MUTANT_ENV]
  return activeMutant === undefined ? env : { ...env, [ACTIVE_MUTANT_ENV]: activeMutant }
}

export class MutateWorkerProcess {
  private readonly child: ChildProcess
  private readonly exited: Promise<string>
  private pending?: (message: FromMutateWorker) => void

  constructor(setup: MutateWorkerSetup, options: SpawnOptions) {
    const args = [...command(options.fromSource), JSON.stringify(setup)]
    this.child = spawn('sh', lifelineShellArgs(process.execPath, args), {
      detached: true,
      env: workerEnv(options.activeMutant),
      // What a mutant makes the agent print (stack traces, warnings) is noise here: the verdict says it all.
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    })
    const pid = this.child.pid
    if (pid) liveGroups.add(pid)
    this.child.on('message', (message: FromMutateWorker) => this.pending?.(message))
    this.exited = new Promise<string>((resolve) =>
      this.child.on('exit', (code, signal) => resolve(signal ? `was ended by ${signal}` : `exited with code ${code}`)),
    ).then(async (why) => {
      if (pid) {
        signalGroup(pid, 'SIGKILL')
        await waitGroupGone(pid, { timeoutMs: 5000 })
        liveGroups.delete(pid)
      }
      this.child.stdio[3]?.destroy()
      return why
    })
  }

  /** Send a request and wait for its answer, or for the worker's end (killed when silent for limitMs). */
  ask(message: ToMutateWorker, limitMs: number): Promise<Reply> {
    if (this.child.connected) this.child.send(message)
    return new Promise((resolve) => {
      let hung = false
      let done = false
      const timer = setTimeout(() => {
        hung = true
        this.kill()
      }, limitMs)
      const settle = (reply: Reply) => {
        if (done) return
        done = true
        clearTimeout(timer)
        this.pending = undefined
        resolve(reply)
      }
      this.pending = settle
      void this.exited.then((why) => settle({ type: 'exit', why, hung }))
    })
  }

  async stop(graceMs = 5000): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return
    if (this.child.connected) this.child.send({ type: 'stop' } satisfies ToMutateWorker)
    const timer = setTimeout(() => this.kill(), graceMs)
    await this.exited
    clearTimeout(timer)
  }

  kill(): void {
    if (this.child.pid) signalGroup(this.child.pid, 'SIGKILL')
  }
}
