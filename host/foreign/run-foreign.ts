// One scenario against a foreign ACP agent: a fresh cwd (seeded from workspace/) and home, the
// model server in the run's mode, the agent started without a shell in its own process group with
// a scrubbed environment and a marker (the conformance runner's cleanup guarantees), input.json
// driven over its stdio by the snapshot host's driver, then the agent stopped and its group gone.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { fillPlaces, fillPreset } from '../../lib/model-wire/preset.ts'
import { AgentProcess } from '../../lib/process/agent-process.ts'
import { CASE_MARKER_VAR, newCaseMarker } from '../conformance/case-marker.ts'
import { driveScenario } from '../snapshot/service/driver/driver.ts'
import { SessionEventFeed } from '../snapshot/service/driver/event-feed.ts'
import { driverStream } from '../snapshot/service/driver/skip-updates.ts'
import { UpdateFeed } from '../snapshot/service/driver/update-feed.ts'
import { makeTempCwd, type TempCwd } from '../snapshot/fixtures/workspace/temp-cwd.ts'
import { seedWorkspace } from '../snapshot/fixtures/workspace/seed.ts'
import { type Failure, failure } from '../snapshot/model/failure.ts'
import type { AgentSpec } from './agent-spec.ts'
import type { ForeignScenario } from './scenario.ts'
import { type ForeignMode, startRunModel } from './model-server.ts'
import type { Recording } from '../../lib/model-wire/recording.ts'
import type { Upstream } from '../../lib/model-wire/upstream.ts'

/** Variables the agent inherits; everything else (keys included) is dropped. */
const INHERITED = ['PATH', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR']
/** Lines of the agent's stderr quoted when it fails to start or exits early. */
const STDERR_HEAD = 8

export interface ForeignRun {
  failures: Failure[]
  stdout: string
  stderr: string
  cwd: TempCwd
  home: TempCwd
  recording?: Recording
  /** Record against the live provider: the key no file written may hold, and its variable. */
  heldKey?: { env: string; key: string }
  /** The preset's normalization rules (the judge applies them to the transcript). */
  rules: ReadonlyArray<{ pattern: string; token: string }>
  cleanup(): Promise<void>
}

export async function runForeign(
  scenario: ForeignScenario,
  agent: AgentSpec,
  options: { mode: ForeignMode; timeoutMs: number; upstream?: Upstream },
): Promise<ForeignRun> {
  const { name } = scenario
  const cwd = await makeTempCwd(name)
  const home = await makeTempCwd(`${name}-home`)
  const cleanup = async () => {
    await cwd.cleanup()
    await home.cleanup()
  }
  const failures: Failure[] = []
  const rules = agent.preset?.normalize ?? []
  const run: ForeignRun = { failures, stdout: '', stderr: '', cwd, home, rules, cleanup }
  await seedWorkspace(scenario.dir, cwd.path)
  const places = { cwd: cwd.aliases, home: home.aliases, rules }
  const model = await startRunModel(scenario, options.mode, places, options.upstream)
  if (model.heldKey) run.heldKey = model.heldKey
  try {
    const process_ = startAgent(agent, { modelUrl: model.url, home: home.path, cwd: cwd.path }, name)
    try {
      failures.push(...(await drive(scenario, process_, cwd.path, options.timeoutMs)))
    } finally {
      failures.push(...(await stop(name, process_, failures.length > 0)))
      run.stdout = process_.stdout()
      run.stderr = process_.stderr()
    }
  } finally {
    await model.close()
  }
  const finished = model.finish()
  failures.push(...finished.failures)
  run.recording = finished.recording
  return run
}

function startAgent(agent: AgentSpec, places: { modelUrl: string; home: string; cwd: string }, name: string) {
  const preset = agent.preset ? fillPreset(agent.preset, places) : { env: {}, files: [] }
  for (const file of preset.files) {
    mkdirSync(dirname(file.path), { recursive: true })
    writeFileSync(file.path, file.text)
  }
  const own = Object.fromEntries(Object.entries(agent.env).map(([key, value]) => [key, fillPlaces(value, places)]))
  const env: NodeJS.ProcessEnv = { HOME: places.home }
  for (const variable of INHERITED) if (process.env[variable] !== undefined) env[variable] = process.env[variable]
  const marker = newCaseMarker(name)
  Object.assign(env, preset.env, own, agent.command.env, { [CASE_MARKER_VAR]: marker })
  return new AgentProcess({
    command: agent.command.command,
    args: agent.command.args,
    cwd: places.cwd,
    env,
    shutdownPhaseMs: 2000,
    stderrTailBytes: 256 * 1024,
    lifeline: { marker: { name: CASE_MARKER_VAR, value: marker } },
  })
}

async function drive(scenario: ForeignScenario, agent: AgentProcess, cwd: string, timeoutMs: number) {
  const { name } = scenario
  try {
    await agent.spawned
  } catch (error) {
    return [failure('process', name, `scenario ${name}: ${(error as Error).message}; check --agent-command`)]
  }
  const exitedEarly = agent.exited.then(({ code, signal }) => {
    throw new Error(`the agent exited early (code ${code}, signal ${signal})${stderrHead(agent.stderr())}`)
  })
  try {
    const updates = new UpdateFeed()
    const result = await Promise.race([
      driveScenario({
        scenario: name,
        input: scenario.input,
        stream: driverStream(agent.output, agent.input, (line) => updates.line(line)),
        updates,
        // Foreign agents write no dsh session log: waits follow ACP traffic (waitUpdate).
        feed: new SessionEventFeed(),
        cwd,
        scenarioDir: scenario.dir,
        timeoutMs,
      }),
      exitedEarly,
    ])
    return result.failures
  } catch (error) {
    return [failure('process', name, `scenario ${name}: ${(error as Error).message}`)]
  } finally {
    exitedEarly.catch(() => {})
  }
}

/** Stop the agent (stdin EOF, then signals) and check its process group is gone. */
async function stop(name: string, agent: AgentProcess, failed: boolean): Promise<Failure[]> {
  const exitedAlready = agent.child.exitCode !== null
  const report = await agent.shutdown()
  const out: string[] = []
  if (failed && exitedAlready)
    out.push(`scenario ${name}: the agent exited with code ${agent.child.exitCode}${stderrHead(agent.stderr())}`)
  if (!report.groupGone) out.push(`scenario ${name}: processes of the agent's group survived SIGKILL`)
  return out.map((message) => failure('process', name, message))
}

/** The first lines of stderr, where an agent says why it did not start. */
function stderrHead(stderr: string): string {
  const lines = stripVTControlCharacters(stderr).trim().split('\n').slice(0, STDERR_HEAD)
  return lines[0] ? `; its stderr begins:\n${lines.map((line) => `    | ${line}`).join('\n')}` : '; stderr was empty'
}
