// The model a foreign agent talks to in one run: the loopback model server (lib/model-wire) in the
// run's mode. record --stub serves model.yml and records each exchange; replay serves the
// committed model.recording.json by identity; record without --stub proxies to the provider
// (lib/model-wire/live-proxy.ts). What went wrong comes back as Failures: a drift with the request diff, a
// recorded exchange never asked for, a model.yml turn never requested or changed since recording.
import {
  RECORDING_FILE,
  answerAsItem,
  itemAsAnswer,
  parseRecording,
  type Recording,
} from '../../lib/model-wire/recording.ts'
import { fillPlacesIn } from '../../lib/model-wire/answer-places.ts'
import { LiveProxy } from '../../lib/model-wire/live-proxy.ts'
import { ReplaySource } from '../../lib/model-wire/replay-source.ts'
import type { RunNormalizer } from '../../lib/model-wire/request-normalize.ts'
import { startStubEndpoint, type StubEndpoint } from '../../lib/model-wire/server.ts'
import type { Upstream } from '../../lib/model-wire/upstream.ts'
import { WireRecorder } from '../../lib/model-wire/wire-recorder.ts'
import { plural } from '../../lib/plural.ts'
import { compactLineDiff } from '../../plugins/llm-replay/line-diff.ts'
import { type ReplayProblem, verificationMessage } from '../../plugins/llm-replay/errors.ts'
import { type Failure, failure } from '../snapshot/model/failure.ts'
import type { ForeignScenario } from './scenario.ts'

export type ForeignMode = 'replay' | 'record'

interface RunModel {
  url: string
  /** After the run: the recording to write (record), and the model's failures. */
  finish(): { recording?: Recording; failures: Failure[] }
  /** The provider key a live recording must not hold, and the variable it came from. */
  heldKey?: { env: string; key: string }
  close(): Promise<void>
}

export async function startRunModel(
  scenario: ForeignScenario,
  mode: ForeignMode,
  run: RunNormalizer,
  upstream?: Upstream,
): Promise<RunModel> {
  if (mode === 'record') return upstream ? liveModel(scenario, run, upstream) : stubModel(scenario, run)
  return replayModel(scenario, run)
}

/** Record against the live provider: each request forwarded with the user's key, each answer recorded. */
async function liveModel(scenario: ForeignScenario, run: RunNormalizer, upstream: Upstream): Promise<RunModel> {
  const { name } = scenario
  const proxy = new LiveProxy(upstream, run)
  const server = await startStubEndpoint({ forward: proxy.forward })
  return {
    url: server.url,
    heldKey: { env: upstream.keyEnv, key: upstream.key },
    finish() {
      const failures: Failure[] = proxy.problems.map((problem) => ({
        kind: 'recording',
        scenario: name,
        upstream: problem.code,
        message: `scenario ${name}: ${problem.message}`,
      }))
      return { recording: proxy.recording(), failures }
    },
    close: () => server.close(),
  }
}

const recordingPath = (name: string) => `scenarios/${name}/${RECORDING_FILE}`

async function stubModel(scenario: ForeignScenario, run: RunNormalizer): Promise<RunModel> {
  const { name } = scenario
  if (!scenario.model)
    throw new Error(`scenario ${name}: --stub serves scenarios/${name}/model.yml, and there is none; write one`)
  const recorder = new WireRecorder(run)
  // `{{cwd}}` and `{{home}}` in model.yml (a tool call on `{{cwd}}/notes.txt`) are this run's folders.
  const script = scenario.model.map((item) => ({ kind: 'model', item: fillPlacesIn(item, run) }))
  const server = await startStubEndpoint({ script, onServed: recorder.onServed })
  return {
    url: server.url,
    finish() {
      const messages = server.problems.map((problem) => `scenario ${name}: scenarios/${name}/model.yml: ${problem}`)
      const left = server.remaining()
      if (left)
        messages.push(
          `scenario ${name}: ${plural(left, 'scripted model turn')} in scenarios/${name}/model.yml never requested; ` +
            'the agent asked the model fewer times than the script answers',
        )
      return { recording: recorder.recording('stub'), failures: messages.map((m) => failure('recording', name, m)) }
    },
    close: () => server.close(),
  }
}

async function replayModel(scenario: ForeignScenario, run: RunNormalizer): Promise<RunModel> {
  const { name } = scenario
  const file = recordingPath(name)
  if (scenario.recording === undefined)
    throw new Error(`scenario ${name}: ${file} does not exist; record it: dsh test ${name} --mode record --stub`)
  const recording = parseRecording(scenario.recording, file)
  const source = new ReplaySource(recording, run, file)
  let server: StubEndpoint | undefined = await startStubEndpoint({ answer: source.answer })
  const changed = scriptChanges(scenario, recording)
  return {
    url: server.url,
    finish() {
      // A live recording is re-recorded against the provider, a --stub one from model.yml.
      const again = `dsh test ${name} --mode record${recording.source === 'stub' ? ' --stub' : ''}`
      const problems: ReplayProblem[] = [...changed, ...source.problems.map((p) => bindProblem(again, file, p, name))]
      const unused = source.unused()
      if (unused && !problems.length)
        problems.push({
          code: 'REPLAY_UNCONSUMED',
          message: `scenario "${name}", ${file}: ${plural(unused, 'recorded model request')} never asked for`,
        })
      const failures: Failure[] = problems.length
        ? [{ kind: 'replay', scenario: name, problems, message: verificationMessage(name, problems) }]
        : []
      return { failures }
    },
    async close() {
      await server?.close()
      server = undefined
    },
  }
}

function bindProblem(
  again: string,
  file: string,
  problem: ReplaySource['problems'][number],
  name: string,
): ReplayProblem {
  const where = `scenario "${name}", ${file}: model request ${problem.index} (lane ${problem.lane})`
  if (problem.code === 'REPLAY_EXHAUSTED')
    return { code: problem.code, message: `${where} repeats a recorded request more often than recorded` }
  const diff = compactLineDiff(problem.recorded ?? '', problem.live)
  return {
    code: 'REPLAY_DRIFT',
    message:
      `${where} has no recorded twin; re-record if the change is intended (${again})` +
      `; - recorded, + live:\n${diff}`,
  }
}

/** A --stub recording made from a model.yml that has changed since: each changed item. */
function scriptChanges(scenario: ForeignScenario, recording: Recording): ReplayProblem[] {
  if (recording.source !== 'stub' || !scenario.model) return []
  const problems: ReplayProblem[] = []
  for (const exchange of recording.exchanges) {
    const at = exchange.scriptItem
    if (at === undefined) continue
    const now = scenario.model[at]
    const recorded = JSON.stringify(answerAsItem(exchange.answer, recordingPath(scenario.name)))
    const current = now ? JSON.stringify(itemAsAnswer(now)) : undefined
    if (current === JSON.stringify(exchange.answer) || recorded === current) continue
    const diff = compactLineDiff(
      JSON.stringify(exchange.answer, null, 2),
      JSON.stringify(now ? itemAsAnswer(now) : null, null, 2),
    )
    problems.push({
      code: 'REPLAY_SCRIPT_CHANGED',
      message:
        `scenario "${scenario.name}", scenarios/${scenario.name}/model.yml item ${at + 1} differs from the answer ` +
        `${recordingPath(scenario.name)} was recorded with; re-record: dsh test ${scenario.name} --mode record --stub` +
        `; - recorded, + model.yml:\n${diff}`,
    })
  }
  return problems
}
