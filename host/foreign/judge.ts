// Judge a foreign agent's run on the surfaces it has (docs/foreign-agents.md): the normalized
// stdout transcript against stdout.golden.jsonl, and the final cwd against workspace.expected/
// when the scenario has one. dsh's session-log surface does not apply. Record writes the golden
// and model.recording.json, both secret-scanned first; a run that failed writes nothing.
import { existsSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { formatRecording, RECORDING_FILE } from '../../lib/model-wire/recording.ts'
import { localIdentity } from '../../lib/secrets/identity.ts'
import { keyRedactor } from '../../lib/secrets/key-forms.ts'
import { compareSurface } from '../snapshot/core/diff.ts'
import { linesText } from '../snapshot/core/judge-plan.ts'
import { normalizeRun } from '../snapshot/core/normalize/run.ts'
import { parseTranscript } from '../snapshot/core/normalize/transcript.ts'
import { secretRefusal } from '../snapshot/core/secrets/gate.ts'
import { compareWorkspace, workspaceFailure } from '../snapshot/fixtures/workspace/compare.ts'
import { type Failure, failure } from '../snapshot/model/failure.ts'
import { loadProjectConfig } from '../snapshot/scenario/project-config.ts'
import type { ForeignMode } from './model-server.ts'
import { normalizeForeignMessages } from './normalize.ts'
import type { ForeignRun } from './run-foreign.ts'
import { GOLDEN_FILE, type ForeignScenario } from './scenario.ts'

export type JudgedSurface = 'transcript' | 'workspace'

interface ForeignJudgement {
  failures: Failure[]
  /** The surfaces this scenario was judged on (the report names them). */
  surfaces: JudgedSurface[]
  written: string[]
  transcript?: string
}

export async function judgeForeign(
  root: string,
  scenario: ForeignScenario,
  run: ForeignRun,
  mode: ForeignMode,
): Promise<ForeignJudgement> {
  const { name, dir } = scenario
  const failures = [...run.failures]
  const surfaces: JudgedSurface[] = ['transcript']
  let transcript: string
  try {
    const parsed = parseTranscript(run.stdout, `scenarios/${name} stdout`)
    const places = { home: run.home.aliases, cwd: run.cwd.aliases, rules: run.rules }
    const messages = normalizeForeignMessages(parsed, places)
    transcript = linesText(normalizeRun({ messages, sessionLogs: [], cwdPaths: run.cwd.aliases }).transcript)
  } catch (error) {
    failures.push(failure('process', name, `scenario ${name}: ${(error as Error).message}`))
    return { failures, surfaces: [], written: [] }
  }
  const expectedDir = join(dir, 'workspace.expected')
  if (existsSync(expectedDir)) {
    surfaces.push('workspace')
    const differences = compareWorkspace(run.cwd.path, expectedDir, { cwdPaths: run.cwd.aliases })
    if (differences.length) failures.push(workspaceFailure(name, differences))
  }
  const file = `scenarios/${name}/${GOLDEN_FILE}`
  if (mode === 'replay') {
    const hint = `If the change is intended: dsh test ${name} --mode record --stub (with the same agent)`
    const message = compareSurface({ scenario: name, file, expected: scenario.golden, actual: transcript, hint })
    if (message)
      failures.push({
        kind: 'surface',
        scenario: name,
        message,
        file,
        surface: 'transcript',
        actual: transcript,
        ...(scenario.golden !== undefined ? { expected: scenario.golden } : {}),
      })
    return { failures, surfaces, written: [], transcript }
  }
  if (failures.length) return { failures, surfaces, written: [], transcript }
  return { ...(await writeRecording(root, scenario, transcript, run)), surfaces, transcript }
}

async function writeRecording(root: string, scenario: ForeignScenario, transcript: string, run: ForeignRun) {
  const { name, dir } = scenario
  const writes = [{ absolute: join(dir, GOLDEN_FILE), text: transcript }]
  if (run.recording) writes.push({ absolute: join(dir, RECORDING_FILE), text: formatRecording(run.recording) })
  const gate = { scenario: name, dir, allow: loadProjectConfig(root).allow, identity: localIdentity() }
  const refusal = heldKeyRefusal(run, writes, name) ?? secretRefusal(gate, writes, 'dsh.config.yml')
  if (refusal) return { failures: [failure('secret', name, refusal)], written: [] }
  for (const write of writes) await writeFile(write.absolute, write.text)
  return { failures: [], written: writes.map((write) => `scenarios/${name}/${write.absolute.slice(dir.length + 1)}`) }
}

/** A live recording whose files hold the provider key (in any form: lib/secrets/key-forms.ts): which file. */
function heldKeyRefusal(run: ForeignRun, writes: ReadonlyArray<{ absolute: string; text: string }>, name: string) {
  if (!run.heldKey) return undefined
  const redact = keyRedactor([run.heldKey.key])
  const holding = writes.find(({ text }) => (redact ? redact(text) !== text : text.includes(run.heldKey!.key)))
  if (!holding) return undefined
  return (
    `scenario ${name}: refused to write scenarios/${name}/${basename(holding.absolute)}: ` +
    `it holds the provider key from ${run.heldKey.env} (the exchange carries ` +
    'it: the agent put it in a request, or the model repeated it); nothing was written. Record with another prompt'
  )
}
