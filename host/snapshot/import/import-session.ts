// `dsh new NAME --from-session ID|PATH`: plan the scenario in memory (./plan-import.ts), refuse it
// if the secret scan finds anything, write it, let a refresh replay produce the goldens and pin
// sidecars, then replay it and report pass or the first failure. Writes only inside the new
// scenario folder; any refusal, and a replay that fails (unless `keep`), removes that folder, so
// nothing half-built is left behind to break the suite or block importing again.
import { existsSync, readFileSync } from 'node:fs'
import { chmod, mkdir, rm, symlink, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describeSecretHits } from '../core/secrets/refusal.ts'
import { localIdentity } from '../../../lib/secrets/identity.ts'
import { rulesFor } from '../../../lib/secrets/redact.ts'
import { type SecretAllowance, type SecretHit, scanText } from '../../../lib/secrets/scan.ts'
import { GOLDEN_TRANSCRIPT, SIDECAR_SYSTEM_PROMPT, SIDECAR_TOOL_SCHEMAS } from '../core/fixture-files.ts'
import { runScenarios } from '../run/run.ts'
import { ImportError } from './import-error.ts'
import { PROJECT_CONFIG_FILE } from '../scenario/project-config.ts'
import { type ImportPlan, type ImportRequest, planImport } from './plan-import.ts'
import { failureMessages } from '../model/failure.ts'

export interface ImportSessionOptions extends ImportRequest {
  /** Overlays for the replay, as dsh test takes them. */
  patches?: string[]
  timeoutMs?: number
  /** Keep the scenario folder when its replay fails (`--keep`); by default it is removed. */
  keep?: boolean
}

export interface ImportOutcome {
  /** Scenario-relative files written. */
  written: string[]
  /** Workspace paths written (copied from --workspace, or rebuilt from the log). */
  seeded: string[]
  missing: ImportPlan['missing']
  notes: string[]
  /** The replay right after the import: ok, or its failures (the first one is the first drift). */
  replay: { ok: boolean; failures: string[] }
  /** The replay failed and the folder was removed (no half-built scenario breaks the suite or a re-run). */
  removed: boolean
}

const REPLAY_FIXTURES = [GOLDEN_TRANSCRIPT, SIDECAR_SYSTEM_PROMPT, SIDECAR_TOOL_SCHEMAS]

export async function importSession(options: ImportSessionOptions): Promise<ImportOutcome> {
  const plan = await planImport(options)
  refuseSecrets(options.name, plannedTexts(plan), plan.allow)
  await mkdir(dirname(plan.dir), { recursive: true })
  await mkdir(plan.dir) // fails if it appeared meanwhile: never write into (or remove) someone else's folder
  try {
    const written = await writePlan(plan)
    const run = { root: options.root, names: [options.name], config: options.config, patches: options.patches }
    const refreshed = await runScenarios({ ...run, mode: 'refresh', timeoutMs: options.timeoutMs })
    const notes = [...plan.notes]
    notes.push(...(await keepImportedLogs(plan)))
    const produced = REPLAY_FIXTURES.filter((file) => existsSync(join(plan.dir, file)))
    refuseSecrets(
      options.name,
      produced.map((file) => ({ file, text: readFileSync(join(plan.dir, file), 'utf8') })),
      plan.allow,
    )
    written.push(...produced)
    // The refresh is itself a replay: when it failed (a drift, a step), its failures come first.
    const replayed = refreshed.outcomes[0]?.ok
      ? await runScenarios({ ...run, mode: 'replay', timeoutMs: options.timeoutMs })
      : refreshed
    const outcome = replayed.outcomes[0]
    const failures = outcome
      ? failureMessages(outcome.failures)
      : replayed.loadFailures.filter((f) => f.includes(options.name))
    const seeded = plan.workspace.map((entry) => entry.path)
    const ok = !!outcome?.ok
    if (!ok && !options.keep) await rm(plan.dir, { recursive: true, force: true })
    return { written, seeded, missing: plan.missing, notes, replay: { ok, failures }, removed: !ok && !options.keep }
  } catch (error) {
    // A refusal, or a crash before the report: the half-made scenario goes, nothing is left behind.
    await rm(plan.dir, { recursive: true, force: true })
    throw error
  }
}

/**
 * The logs are the user's session: the test checks the agent against them, never the other way
 * round. Where the refresh wrote (or removed) one, the imported one is put back.
 */
async function keepImportedLogs(plan: ImportPlan): Promise<string[]> {
  const notes: string[] = []
  for (const [file, imported] of plan.files) {
    if (!/^session(\.\d+)?\.jsonl$/.test(file)) continue
    const path = join(plan.dir, file)
    if (existsSync(path) && readFileSync(path, 'utf8') === imported) continue
    await writeFile(path, imported)
    notes.push(`the replay wrote a different ${file}; the imported one is kept (the replay below shows where)`)
  }
  return notes
}

/** Every text the plan writes, by its scenario-relative name (binary workspace files are not text). */
function plannedTexts(plan: ImportPlan): Array<{ file: string; text: string }> {
  const texts = [...plan.files].map(([file, text]) => ({ file, text }))
  for (const entry of plan.workspace)
    if (entry.kind === 'file' && !entry.content.includes(0))
      texts.push({ file: `workspace/${entry.path}`, text: entry.content.toString('utf8') })
  return texts
}

function refuseSecrets(
  scenario: string,
  texts: ReadonlyArray<{ file: string; text: string }>,
  allow: readonly SecretAllowance[],
): void {
  const rules = rulesFor(localIdentity())
  const hits: SecretHit[] = texts.flatMap(({ file, text }) => scanText(file, text, rules, allow))
  if (hits.length)
    throw new ImportError(
      'IMPORT_SECRET',
      describeSecretHits(hits, { scenario, manifest: PROJECT_CONFIG_FILE }) +
        `\n(the scenario is not written yet: ${PROJECT_CONFIG_FILE} beside scenarios/ applies to the import too)`,
    )
}

async function writePlan(plan: ImportPlan): Promise<string[]> {
  const written: string[] = []
  for (const [file, text] of plan.files) {
    await writeFile(join(plan.dir, file), text, { flag: 'wx' })
    written.push(file)
  }
  const root = join(plan.dir, 'workspace')
  if (plan.workspace.length) await mkdir(root)
  for (const entry of plan.workspace) {
    const target = join(root, entry.kind === 'empty-dir' ? join(entry.path, '.empty') : entry.path)
    await mkdir(dirname(target), { recursive: true })
    if (entry.kind === 'symlink') await symlink(entry.target, target)
    else await writeFile(target, entry.kind === 'file' ? entry.content : '', { flag: 'wx' })
    if (entry.kind === 'file' && entry.executable) await chmod(target, 0o755)
  }
  if (plan.workspace.length) written.push('workspace/')
  return written
}
