// Replay a generated session through the real path a scenario takes in-process: the
// composition (cordis.yml + cordis.snapshot.yml), the agent loop, the ACP bridge over the
// in-memory pipe, the session store writing the live log, then normalizeRun over the capture.
// Only the golden comparison of runScenario is left out (a generated session has no golden).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { normalizeRun } from '../host/snapshot/core/normalize/run.ts'
import type { RawCapture } from '../host/snapshot/fixtures/capture.ts'
import { withHostComposition } from '../host/snapshot/run/host-composition.ts'
import { prepareRun } from '../host/snapshot/fixtures/prepare.ts'
import type { LoadedScenario } from '../host/snapshot/scenario/discover.ts'
import { inputSchema } from '../host/snapshot/scenario/input.ts'
import { manifestSchema } from '../host/snapshot/scenario/manifest.ts'
import { replayInput, sessionText, type GeneratedSession } from './session-gen.ts'

/** A generated session staged as `<root>/scenarios/<name>/session.jsonl` in a temp dir. */
interface StagedSession {
  /** The temp folder holding scenarios/: the fixture guard reads fixtures only from scenario folders. */
  root: string
  scenario: LoadedScenario
  /** Size of session.jsonl in bytes. */
  bytes: number
  dispose(): Promise<void>
}

export async function stageSession(name: string, session: GeneratedSession): Promise<StagedSession> {
  const root = await mkdtemp(join(tmpdir(), `dsh-bench-${name}-`))
  const dir = join(root, 'scenarios', name)
  await mkdir(dir, { recursive: true })
  const text = sessionText(session)
  await writeFile(join(dir, 'session.jsonl'), text)
  const manifest = manifestSchema.parse({
    scenario: name,
    description: `generated ${name} session`,
    recording: 'authored',
    header: { class: 'default' },
  })
  const input = inputSchema.parse(replayInput(session))
  return {
    root,
    scenario: { name, dir, manifest, input, problems: [] },
    bytes: Buffer.byteLength(text),
    dispose: () => rm(root, { recursive: true, force: true }),
  }
}

interface AgentReplayTiming {
  /** prepareRun + a host composition's play: boot, fixture load (parse, validate, derive), every turn, dispose. */
  replayMs: number
  /** normalizeRun over the captured transcript and live log. */
  normalizeMs: number
  /** Lines the agent wrote to its (in-memory) stdout. */
  transcriptLines: number
}

export async function replayThroughAgent(
  repoRoot: string,
  staged: StagedSession,
  timeoutMs: number,
): Promise<AgentReplayTiming> {
  const started = performance.now()
  const prepared = await prepareRun(staged.root, staged.scenario, 'replay')
  let capture: RawCapture
  try {
    capture = await withHostComposition({ repoRoot, mode: 'replay' }, (host) => host.snapshot.play(prepared, timeoutMs))
  } finally {
    await prepared.cleanup()
  }
  const replayed = performance.now()
  if (capture.failures.length)
    throw new Error(`replay of ${staged.scenario.name} failed:\n${capture.failures.join('\n').slice(0, 2000)}`)
  const { messages, logs } = capture.surfaces()
  const normalized = normalizeRun({ messages, sessionLogs: logs, cwdPaths: prepared.cwd.aliases })
  const normalizeMs = performance.now() - replayed
  return { replayMs: replayed - started, normalizeMs, transcriptLines: normalized.transcript.length }
}
