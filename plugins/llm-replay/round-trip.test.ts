// Property: whatever the live composition records (the real DeepSeek adapter against the
// stub with random chunk splits and tool calls, or the echo model), replaying the log through
// the same composition re-persists a log equal to it after normalization.
import { afterAll, describe, expect, it } from 'vitest'
import { runScenario, runScenarios } from '../../host/snapshot/run/run.ts'
import type { ScenarioOutcome } from '../../host/snapshot/model/outcome.ts'
import { discoverScenarios } from '../../host/snapshot/scenario/discover.ts'
import { modelTurn, type SseItem } from '../../lib/model-wire/index.ts'
import { scratchProject, type ScratchProject } from '../../host/snapshot/test-support/scratch-project.ts'
import { random } from './test-support/builders.ts'
import { realLikeText } from './test-support/real-like-streams.ts'

const project = scratchProject('roundtrip')
const scratch = project.root
afterAll(() => project.remove())

interface Case {
  name: string
  prompts: string[]
  script: SseItem[]
  composition: string[]
  permissions: string[]
}

function stubCase(seed: number): Case {
  const rand = random(seed)
  const pick = <T>(items: T[]) => items[Math.floor(rand() * items.length)]!
  // Half the calls cut like a real stream (the stub's default), half into 1–7 equal pieces.
  const deltas = () => (rand() < 0.5 ? undefined : 1 + Math.floor(rand() * 7))
  const prompts: string[] = []
  const script: SseItem[] = []
  const permissions: string[] = []
  const turns = 2 + Math.floor(rand() * 2)
  for (let turn = 1; turn <= turns; turn++) {
    prompts.push(`request ${turn} of seed ${seed}`)
    const calls = Math.floor(rand() * 3)
    if (calls) {
      const toolCalls = Array.from({ length: calls }, (_, index) =>
        pick([
          { id: `call_${turn}_${index}`, name: 'list_dir', arguments: '{}' },
          { id: `call_${turn}_${index}`, name: 'read_file', arguments: '{"path":"notes.txt"}' },
          {
            id: `call_${turn}_${index}`,
            name: 'bash',
            arguments: JSON.stringify({ command: `echo seed ${seed} turn ${turn} '${realLikeText(rand, 3)}'` }),
          },
        ]),
      )
      for (const call of toolCalls) if (call.name === 'bash') permissions.push('allow_once')
      script.push(
        modelTurn({
          reasoning: rand() < 0.5 ? realLikeText(rand, 40) : undefined,
          text: rand() < 0.5 ? realLikeText(rand, 8) : undefined,
          toolCalls,
          deltas: deltas(),
          interleave: rand() < 0.5,
          splitCharacters: rand() < 0.5,
        }),
      )
    }
    script.push(
      modelTurn({
        text: `Answer ${turn}: all good with ${calls} call(s). ${realLikeText(rand, 10)}`,
        deltas: deltas(),
        usage: { input: 20 + turn, output: 7, cached: turn },
      }),
    )
  }
  return { name: `stub-${seed}`, prompts, script, composition: [], permissions }
}

function echoCase(seed: number): Case {
  return {
    name: `echo-${seed}`,
    script: [],
    composition: ['echo'],
    permissions: ['allow_once'],
    prompts: [
      `think about seed ${seed}\nhello number ${seed}`,
      `tool bash {"command":"echo ${seed}"}`,
      `tool list_dir {}\ntool read_file {"path":"notes.txt"}`,
    ],
  }
}

function writeScenario(project: ScratchProject, c: Case) {
  const steps = [
    { op: 'initialize' },
    { op: 'newSession', as: 's1' },
    ...c.prompts.map((text) => ({ op: 'prompt', session: 's1', text })),
  ]
  project.scenario(c.name, {
    manifest:
      `scenario: ${c.name}\ndescription: round trip ${c.name}\nrecording: stub\ncomposition: ` +
      `[${c.composition.join(', ')}]\n`,
    input: { steps, permissions: c.permissions },
    extra: { 'workspace/notes.txt': 'remember the milk\n' },
  })
  if (c.script.length) project.modelScript(c.name, c.script)
}

describe('record → replay round trip', () => {
  const cases = [...[1, 2, 3, 4].map(stubCase), ...[5, 6].map(echoCase)]
  for (const c of cases) writeScenario(project, c)

  // A host composition boots per suite run, which costs more than a case: the stub cases are recorded
  // in one run, the echo cases one by one (they need no stub), and every case is replayed in one run.
  let runs: Promise<{ recorded: Map<string, ScenarioOutcome>; replayed: Map<string, ScenarioOutcome> }> | undefined
  const recordAndReplay = () =>
    (runs ??= (async () => {
      const byName = (outcomes: ScenarioOutcome[]) => new Map(outcomes.map((o) => [o.scenario, o]))
      const stubNames = cases.filter((c) => c.script.length).map((c) => c.name)
      const stubbed = await runScenarios({ root: scratch, names: stubNames, mode: 'record', stub: true })
      const recorded = byName(stubbed.outcomes)
      const { scenarios: corpus } = await discoverScenarios(scratch, { mode: 'record' })
      for (const c of cases.filter((c) => !c.script.length)) {
        const scenario = corpus.find((s) => s.name === c.name)!
        recorded.set(c.name, await runScenario(scenario, { repoRoot: scratch, corpus, mode: 'record' }))
      }
      const replayed = byName((await runScenarios({ root: scratch, names: cases.map((c) => c.name) })).outcomes)
      return { recorded, replayed }
    })())

  it.each(cases.map((c) => c.name))(
    '%s replays to an equal log',
    async (name) => {
      const { recorded, replayed } = await recordAndReplay()
      expect(recorded.get(name)?.failures).toEqual([])
      expect(recorded.get(name)?.written).toContain(`scenarios/${name}/session.jsonl`)
      expect(replayed.get(name)?.failures).toEqual([])
    },
    // The first case waits for every recording and replay.
    120_000,
  )
})
