// One worker process of `dsh test --jobs`, seen from the parent: spawned in its own process group
// behind a lifeline (the group dies with this process, even by SIGKILL: lib/process/lifeline.ts),
// it boots at once, gets the corpus when the parent has it, and runs the scenarios it is handed in
// order, one at a time: the next may be handed over before the current one's outcome is back, so the
// worker never waits for the parent between two. A worker that exits while running a scenario, or
// does not answer within the hang limit (then its whole group is killed), yields an `ended` result,
// never a throw.
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { compiled, ownModule } from '../../../../lib/package-root.ts'
import { signalGroup } from '../../../../lib/process/group.ts'
import { waitGroupGone } from '../../../../lib/process/liveness.ts'
import { lifelineShellArgs } from '../../../../lib/process/lifeline.ts'
import type { ScenarioOutcome } from '../../model/outcome.ts'
import type { LoadedScenario } from '../../scenario/discover.ts'
import { isKeyVariable } from '../../../../plugins/llm/keys.ts'
import type { FromWorker, ToWorker, WorkerSetup } from './protocol.ts'
import { workerV8Flags } from './v8-flags.ts'

const WORKER_MODULE = ownModule('host/snapshot/run/jobs/worker.ts')
/** Every live worker's group, killed when this process exits however it exits (a second Ctrl-C). */
const liveGroups = new Set<number>()
process.on('exit', () => {
  for (const pgid of liveGroups) signalGroup(pgid, 'SIGKILL')
})

type WorkerResult =
  | { kind: 'outcome'; outcome: ScenarioOutcome }
  /** Not run: the run was interrupted before the worker started it (`drop`). */
  | { kind: 'dropped' }
  | { kind: 'ended'; why: string; hung: boolean }

/** From source the worker is TypeScript: node loads it through tsx, found from dsh's own folder. */
function loaderArgs(): string[] {
  if (compiled) return []
  const tsx = dirname(createRequire(import.meta.url).resolve('tsx/package.json'))
  return ['--import', pathToFileURL(join(tsx, 'dist', 'loader.mjs')).href]
}

type Reply = FromWorker | { type: 'exit'; why: string; hung: boolean }

/** Keys go only to workers that record against the real API (the adapters read them there). */
function workerEnv(setup: WorkerSetup): NodeJS.ProcessEnv {
  if (setup.mode === 'record' && !setup.stub) return process.env
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !isKeyVariable(name)))
}

export class WorkerProcess {
  private readonly child: ChildProcess
  private readonly exited: Promise<string>
  /** Answers not yet taken (corpus → ready, each run → its outcome, in the order asked). */
  private readonly inbox: FromWorker[] = []
  /** Who waits for the worker's next answer. */
  private pending?: () => void

  /** `workers`: how many run at once (with as many as cores, V8 runs single-threaded: v8-flags.ts). */
  constructor(setup: WorkerSetup, workers = 1) {
    const args = [...workerV8Flags(workers), ...loaderArgs(), WORKER_MODULE, JSON.stringify(setup)]
    this.child = spawn('sh', lifelineShellArgs(process.execPath, args), {
      detached: true,
      env: workerEnv(setup),
      stdio: ['ignore', 'pipe', 'inherit', 'pipe', 'ipc'],
      serialization: 'advanced',
    })
    const pid = this.child.pid
    if (pid) liveGroups.add(pid)
    // A worker's stdout is not the report's: it goes to stderr with the other diagnostics.
    this.child.stdout?.pipe(process.stderr)
    this.child.on('message', (message: FromWorker) => {
      this.inbox.push(message)
      this.pending?.()
    })
    this.exited = new Promise<string>((resolve) =>
      this.child.on('exit', (code, signal) => resolve(signal ? `was ended by ${signal}` : `exited with code ${code}`)),
    ).then(async (why) => {
      // Whatever is left of the group goes too (the lifeline's watcher, a scenario's processes),
      // and is gone before the next scenario starts or dsh test returns.
      if (pid) {
        signalGroup(pid, 'SIGKILL')
        await waitGroupGone(pid, { timeoutMs: 5000 })
        liveGroups.delete(pid)
      }
      this.child.stdio[3]?.destroy()
      return why
    })
  }

  get pid(): number | undefined {
    return this.child.pid
  }

  /** Hands the worker the corpus; resolves once its composition is up, with a message when it could not start. */
  async start(corpus: readonly LoadedScenario[], limitMs: number): Promise<string | undefined> {
    this.send({ type: 'corpus', scenarios: [...corpus] })
    const reply = await this.next(limitMs)
    if (reply.type === 'ready') return undefined
    if (reply.type === 'broken') return reply.message
    if (reply.type !== 'exit') return `the worker (pid ${this.pid}) sent ${reply.type} before it was ready`
    return `the worker (pid ${this.pid}) ${reply.why} before it was ready${reply.hung ? ` (within ${limitMs} ms)` : ''}`
  }

  /** Hands the worker a scenario to run after those handed before; `outcome` takes its result. */
  submit(name: string): void {
    this.send({ type: 'run', name })
  }

  /** The outcome of the oldest scenario submitted and not yet taken; limitMs bounds the wait for it. */
  async outcome(limitMs: number): Promise<WorkerResult> {
    const reply = await this.next(limitMs)
    if (reply.type === 'outcome') return { kind: 'outcome', outcome: reply.outcome }
    if (reply.type === 'dropped') return { kind: 'dropped' }
    if (reply.type === 'exit') return { kind: 'ended', why: reply.why, hung: reply.hung }
    return { kind: 'ended', why: `answered ${reply.type} instead of an outcome`, hung: false }
  }

  /** The run is interrupted: the scenarios submitted and not yet started are answered `dropped`. */
  drop(): void {
    this.send({ type: 'drop' })
  }

  /** Ask the worker to dispose its composition and exit; kill its group when it does not within graceMs. */
  async stop(graceMs = 5000): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return
    this.send({ type: 'stop' })
    const timer = setTimeout(() => this.kill(), graceMs)
    await this.exited
    clearTimeout(timer)
  }

  kill(): void {
    if (this.child.pid) signalGroup(this.child.pid, 'SIGKILL')
  }

  private send(message: ToWorker): void {
    if (this.child.connected) this.child.send(message)
  }

  /** The worker's next message, or how it ended; a worker silent for limitMs is killed as hung. */
  private next(limitMs: number): Promise<Reply> {
    const waiting = this.inbox.shift()
    if (waiting) return Promise.resolve(waiting)
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
      this.pending = () => settle(this.inbox.shift()!)
      void this.exited.then((why) => settle({ type: 'exit', why, hung }))
    })
  }
}
