// `dsh test` with --agent-command / --agent-preset (or dsh.config.yml `agent:`): the scenarios run
// against that ACP agent, its model at the wire (docs/foreign-agents.md). Replay (default), record
// --stub and record against the live provider; the report names the surfaces each scenario was judged on.
import { resolveUpstream } from '../../../lib/model-wire/upstream.ts'
import { type AgentSpec, resolveAgent } from '../../foreign/agent-spec.ts'
import type { ForeignOutcome } from '../../foreign/suite.ts'
import { type CliIO, type OptionValues, UsageError, stringOption } from './command.ts'
import { jobsOption } from './test-selection.ts'

interface ForeignTestOptions {
  root: string
  agent: AgentSpec
  mode: string
  stub: boolean
  names?: string[]
  jobs?: number
  timeoutMs?: number
  format: 'text' | 'json'
  signal?: AbortSignal
}

/** The exit code of a run against the foreign agent the flags or dsh.config.yml name; undefined: none, test dsh. */
export async function foreignTest(
  cli: {
    root: string
    values: OptionValues
    positionals: string[]
    mode: string
    format: 'text' | 'json'
    timeoutMs?: number
  },
  io: CliIO,
): Promise<number | undefined> {
  const { root, values } = cli
  const agent = resolveAgent(root, {
    agentCommand: stringOption(values, 'agent-command'),
    agentPreset: stringOption(values, 'agent-preset'),
    upstream: stringOption(values, 'upstream'),
  })
  if (!agent) return undefined
  const { jobs } = jobsOption(values, 1)
  if (values.upstream !== undefined && (cli.mode !== 'record' || values.stub))
    throw new UsageError('--upstream names where record without --stub proxies to; give it with --mode record only')
  return runForeignTest({ ...cli, agent, stub: !!values.stub, names: cli.positionals, jobs }, io)
}

async function runForeignTest(options: ForeignTestOptions, io: CliIO): Promise<number> {
  if (options.mode !== 'replay' && options.mode !== 'record')
    throw new UsageError(`with a foreign agent, --mode is replay or record (--stub), got "${options.mode}"`)
  // Record without --stub proxies to the provider: the key is read here, and never given to the agent.
  const live = options.mode === 'record' && !options.stub
  const upstream = live ? resolveUpstream(options.agent.preset, options.agent.upstream, io.env) : undefined
  const { runForeignSuite } = await import('../../foreign/suite.ts')
  const outcomes = await runForeignSuite({
    root: options.root,
    agent: options.agent,
    mode: options.mode,
    ...(upstream ? { upstream } : {}),
    names: options.names,
    jobs: options.jobs,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    onResult: (outcome) => io.stderr(`${outcome.ok ? 'ok  ' : 'FAIL'} ${outcome.scenario}\n`),
  })
  const ok = outcomes.every((outcome) => outcome.ok)
  const agent = { command: options.agent.line, preset: options.agent.preset?.name, wire: options.agent.preset?.wire }
  if (options.format === 'json') {
    const scenarios = outcomes.map(({ transcript: _, ...rest }) => rest)
    io.stdout(`${JSON.stringify({ ok, mode: options.mode, agent, scenarios }, null, 2)}\n`)
  } else io.stdout(textReport(outcomes, options.agent, options.mode))
  return ok ? 0 : 1
}

function textReport(outcomes: readonly ForeignOutcome[], agent: AgentSpec, mode: string): string {
  const lines = [`dsh test (${mode}) against ${agent.line}${agent.preset ? ` (preset ${agent.preset.name})` : ''}`]
  for (const outcome of outcomes) {
    const judged = outcome.surfaces.length ? outcome.surfaces.join(' + ') : 'nothing'
    lines.push(`${outcome.ok ? 'ok  ' : 'FAIL'} ${outcome.scenario} (judged: ${judged}; session log: dsh only)`)
    for (const written of outcome.written) lines.push(`     wrote ${written}`)
    for (const failed of outcome.failures) lines.push(...failed.message.split('\n').map((line) => `     ${line}`))
  }
  const failed = outcomes.filter((outcome) => !outcome.ok).length
  lines.push(`${outcomes.length - failed} passed, ${failed} failed`)
  return `${lines.join('\n')}\n`
}
