// Subprocess run: the built `dsh` over real stdio, with the same overlays as in-process, the
// scenario scope written to a file (`dsh serve --scope`), a scrubbed environment and the temp cwd.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { packageFile } from '../../../lib/package-root.ts'
import { SessionEventFeed } from '../service/driver/event-feed.ts'
import { driveScenario } from '../service/driver/driver.ts'
import { driverStream } from '../service/driver/skip-updates.ts'
import { UpdateFeed } from '../service/driver/update-feed.ts'
import { AgentProcess } from '../../../lib/process/agent-process.ts'
import { SessionLogTail } from './log-tail.ts'
import type { RawCapture } from '../fixtures/capture.ts'
import { inFixtureOrder } from '../core/normalize/log-order.ts'
import { parseTranscript } from '../core/normalize/transcript.ts'
import { runComposition, scenarioScope } from '../service/patches.ts'
import type { StageRun } from '../service/stage.ts'
import { playScenario, type RunScenarioOptions } from '../service/play-scenario.ts'
import type { LoadedScenario } from '../scenario/discover.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import { type Failure, failure } from '../model/failure.ts'
import { verificationMessage } from '../../../plugins/llm-replay/errors.ts'
import { readReport } from '../../../plugins/llm-replay/report.ts'

/** One scenario checked, prepared, played as a `dsh` subprocess and judged, as in process (play-scenario.ts). */
export function playInSubprocess(scenario: LoadedScenario, options: RunScenarioOptions): Promise<ScenarioOutcome> {
  const play = (run: StageRun, timeoutMs: number) => runSubprocess(run, { timeoutMs, env: options.env })
  return playScenario(scenario, { ...options, subprocess: true }, play)
}

/** Variables the agent process inherits; everything else (keys included) is dropped. */
const INHERITED = ['PATH', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR']

async function runSubprocess(
  run: StageRun,
  options: { timeoutMs: number; env?: NodeJS.ProcessEnv },
): Promise<RawCapture> {
  const command = await commandLine(run, options.env)
  const feed = new SessionEventFeed()
  const tail = new SessionLogTail(run.sessionsRoot, feed)
  const agent = new AgentProcess({ command: process.execPath, ...command })
  const name = run.scenario.name
  const failures: Failure[] = []
  const failed = (message: string) => failure('process', name, message)
  try {
    await agent.spawned
    const exitedEarly = agent.exited.then(({ code, signal }) => {
      throw new Error(
        `dsh exited early (code ${code}, signal ${signal}); stderr:\n${agent.stderr().trim() || '(empty)'}`,
      )
    })
    const updates = new UpdateFeed()
    const result = await Promise.race([
      driveScenario({
        scenario: name,
        input: run.scenario.input,
        stream: driverStream(agent.output, agent.input, (line) => updates.line(line)),
        updates,
        feed,
        cwd: run.cwd.path,
        scenarioDir: run.scenario.dir,
        timeoutMs: options.timeoutMs,
        predefined: run.predefined,
        unusedAnswers: run.scenario.manifest.permissions.unusedAnswers,
      }),
      exitedEarly,
    ])
    exitedEarly.catch(() => {})
    failures.push(...result.failures)
  } catch (error) {
    failures.push(failed(`${name}: ${(error as Error).message}`))
  } finally {
    failures.push(...(await stopAgent(name, agent, tail, failures.length > 0)).map(failed))
  }
  if (command.report) failures.push(...replayReported(name, command.report, agent))
  const stdout = agent.stdout()
  // Its bytes, parsed once: stdout here (a line that is not JSON-RPC fails the run), the logs by the tail.
  const surfaces = () => {
    const messages = parseTranscript(stdout, `scenarios/${name} stdout`)
    return { messages, logs: inFixtureOrder(tail.logs(), messages) }
  }
  return { surfaces, failures, stderr: agent.stderr() }
}

/** `dsh serve` with the run's composition and scope (written to a file) and a scrubbed environment. */
async function commandLine(run: StageRun, extra: NodeJS.ProcessEnv | undefined) {
  const { configFile, patches } = runComposition(run)
  const args = [packageFile('bin', 'dsh.js'), 'serve', '--config', configFile]
  for (const patch of patches) args.push('--patch', patch)
  // The child reads its replay logs itself, as `dsh --patch` does for a user.
  const scope = {
    ...scenarioScope({ ...run, replayTexts: undefined }),
    ...(run.modelStub ? { modelStub: run.modelStub } : {}),
  }
  // Replay writes the problems no verify() took to this file as it retires (plugins/llm-replay/report.ts).
  const report = scope.replay ? join(run.scratch, 'replay-report.json') : undefined
  if (scope.replay && report) scope.replay = { ...scope.replay, report }
  const file = join(run.scratch, 'scope.json')
  await writeFile(file, JSON.stringify(scope, null, 2))
  args.push('--scope', file)
  const env: NodeJS.ProcessEnv = {}
  for (const name of INHERITED) if (process.env[name] !== undefined) env[name] = process.env[name]
  Object.assign(env, extra, run.environment)
  return { args, cwd: run.cwd.path, env, report }
}

/**
 * Replay's problems, as data, from the report it wrote as dsh shut down; a dsh that ended before it
 * wrote one says so.
 */
function replayReported(name: string, file: string, agent: AgentProcess): Failure[] {
  let report: ReturnType<typeof readReport>
  try {
    report = readReport(file)
  } catch (error) {
    return [failure('process', name, `${name}: ${(error as Error).message}`)]
  }
  if (!report) {
    // Its exit is reported already when dsh did not shut down cleanly: the missing report follows from it.
    if (agent.child.exitCode !== 0) return []
    return [failure('process', name, `${name}: llm-replay wrote no report to ${file}; is replay in the composition?`)]
  }
  if (!report.problems.length) return []
  const problems = [...report.problems]
  return [{ kind: 'replay', scenario: name, problems, message: verificationMessage(name, problems) }]
}

/** Stop dsh (stdin EOF first) and the log tail; what went wrong on the way, each naming the scenario. */
async function stopAgent(name: string, agent: AgentProcess, tail: SessionLogTail, failed: boolean): Promise<string[]> {
  const failures: string[] = []
  // A driver failure caused by the agent dying says little on its own: add what dsh printed.
  if (failed && agent.child.exitCode !== null)
    failures.push(
      `${name}: dsh exited with code ${agent.child.exitCode}; stderr:\n${agent.stderr().trim() || '(empty)'}`,
    )
  const report = await agent.shutdown()
  tail.close()
  failures.push(...tail.problems.map((problem) => `${name}: session log: ${problem}`))
  if (report.via !== 'eof') failures.push(`${name}: dsh did not exit on stdin EOF; it needed ${report.via}`)
  else if (report.code !== 0)
    failures.push(`${name}: dsh exited with code ${report.code} after stdin EOF; stderr:\n${agent.stderr().trim()}`)
  if (!report.groupGone) failures.push(`${name}: processes of dsh's group survived SIGKILL`)
  return failures
}
