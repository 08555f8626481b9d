// Everything an import will write, decided in memory before anything is written: the source log
// read and normalized as record mode writes it, the script and the workspace derived from it, the
// header class, and the scenario's own files. Reads only (the source log, --workspace, the corpus).
import { existsSync, realpathSync } from 'node:fs'
import { basename, join } from 'node:path'
import { defaultConfigFile } from '../../../lib/bundled-compositions.ts'
import { locateEntry } from '../../../plugins/config/entries.ts'
import { loadComposition } from '../../../plugins/config/load.ts'
import { parseSessionLog } from '../../../plugins/session/log-format.ts'
import { titleFromContent } from '../../../plugins/session/summaries.ts'
import { renderSystemPromptSidecar, renderToolSchemasSidecar } from '../core/normalize/header-sidecars.ts'
import { normalizeRun } from '../core/normalize/run.ts'
import type { RequestHeaderContent } from '../core/normalize/session-log.ts'
import { readFixtureSync } from '../io/safe-fixture-io.ts'
import { discoverScenarios } from '../scenario/discover.ts'
import { SIDECAR_SYSTEM_PROMPT, SIDECAR_TOOL_SCHEMAS, sessionLogFileName } from '../core/fixture-files.ts'
import { readWorkspaceDir, type WorkspaceEntry } from './copy-workspace.ts'
import { deriveScript } from './derive-script.ts'
import { importedRoots, withImportedRoots } from './import-roots.ts'
import { deriveWorkspace } from './derive-workspace.ts'
import { rebuildWorkspace, unknowable } from './cwd-workspace.ts'
import { modelsOfLogs } from '../core/provenance.ts'
import { chooseHeaderClass, type PinSidecars } from './header-class.ts'
import { ImportError, ImportUsageError } from './import-error.ts'
import { importedDescription, renderInput, renderManifest, renderModelPatch } from './scenario-files.ts'
import { readSessionTree, type SourceLog } from './source-log.ts'
import { eventsWithChildren } from './merge-children.ts'
import { deriveForkScript } from './fork-script.ts'
import { loadProjectConfig } from '../scenario/project-config.ts'
import { ScenarioFileError } from '../scenario/issues.ts'
import { redactRun } from '../core/secrets/gate.ts'
import { localIdentity } from '../../../lib/secrets/identity.ts'
import { toRedactions } from '../../../lib/secrets/redact.ts'
import type { SecretAllowance } from '../../../lib/secrets/scan.ts'

export interface ImportRequest {
  /** The project folder holding scenarios/. */
  root: string
  name: string
  /** The log file (resolved from ID|PATH). */
  log: string
  workspace?: string
  description?: string
  /** The composition file replay runs with (default: <root>/cordis.yml, else dsh's own). */
  config?: string
  env: NodeJS.ProcessEnv
  /** The day of the import, YYYY-MM-DD. */
  date: string
}

export interface ImportPlan {
  dir: string
  /** The imported session (its subagents' logs are session.<n>.jsonl in files). */
  source: SourceLog
  /** Scenario-relative path -> text, for the scenario's own files and the session log. */
  files: Map<string, string>
  workspace: WorkspaceEntry[]
  /** Files the session used that the log cannot rebuild (without --workspace). */
  missing: Array<{ path: string; why: string }>
  notes: string[]
  /** The project's allowances (dsh.config.yml): the scan of what the import writes honours them. */
  allow: SecretAllowance[]
}

export async function planImport(request: ImportRequest): Promise<ImportPlan> {
  const dir = join(request.root, 'scenarios', request.name)
  if (existsSync(dir))
    throw new ImportUsageError('IMPORT_SCENARIO_EXISTS', `scenarios/${request.name} already exists; pick another name`)
  const logs = readSessionTree(request.log)
  const [source] = logs
  if (!source) throw new Error(`${request.log}: no session log was read; name a session log (.jsonl) to import`)
  // What was asked for: the session itself, or a fork whose parent comes first.
  const imported = logs.find((log) => log.header.forkedFrom) ?? source
  const cwd = source.header.cwd
  const cwdPaths = existsSync(cwd) && realpathSync(cwd) !== cwd ? [cwd, realpathSync(cwd)] : [cwd]
  const roots = importedRoots(logs, (path) => (existsSync(path) ? realpathSync(path) : undefined))
  // The project's redactions (dsh.config.yml) apply to an imported log as record applies them.
  const project = projectConfig(request.root)
  const normalized = redactRun(
    normalizeRun({ messages: [], sessionLogs: logs, cwdPaths, rootPaths: roots }),
    toRedactions(project.redact),
    localIdentity(),
  )
  const parsed = parseNormalized(logs, normalized.sessionLogs)
  // A subagent runs inside its parent's task call: its reads and approvals count where they happened.
  // A fork (session/fork) plays its parent up to the fork point, then forks it (fork-script.ts).
  const forked = deriveForkScript(parsed, source.file)
  const everything = forked?.everything ?? eventsWithChildren(parsed)
  const script = forked?.script ?? deriveScript(parsed[0]?.events ?? [], source.file, everything)
  withImportedRoots(script, source, roots)
  const derived = request.workspace === undefined ? deriveWorkspace(everything) : undefined
  if (derived && !existsSync(cwd))
    throw new ImportError(
      'IMPORT_CWD_GONE',
      `${source.file}: the session's cwd ${cwd} no longer exists, so neither its spellings (a symlinked path) ` +
        `nor its files can be checked, and the workspace may miss files: ${unknowable(derived)}; restore the ` +
        'folder, or pass --workspace DIR with the files it started with',
    )
  const rebuilt = derived ? rebuildWorkspace(cwd, derived) : undefined
  const workspace: WorkspaceEntry[] = rebuilt ? rebuilt.workspace : readWorkspaceDir(request.workspace!)
  const headers = normalized.headers[0] ?? []
  const files = new Map<string, string>()
  const first = source.events.find((event) => event.type === 'user/message')
  files.set(
    'snapshot.yml',
    renderManifest({
      name: request.name,
      dir,
      description:
        request.description ?? importedDescription(first && titleFromContent(first.data.content), imported.header.id),
      source: { session: imported.header.id, log: basename(imported.file), date: request.date },
      header: headers.length ? await headerClass(request.root, request.name, headers) : undefined,
      models: modelsOfLogs(normalized.sessionLogs),
    }),
  )
  files.set('input.json', renderInput(dir, script.input))
  normalized.sessionLogs.forEach((text, index) => files.set(sessionLogFileName(index), text))
  const notes = [...script.notes, ...(rebuilt?.notes ?? [])]
  const patch = await modelPatch(request, headers, notes)
  if (patch) files.set('cordis.patch.yml', patch)
  return { dir, source, files, workspace, missing: rebuilt?.missing ?? [], notes, allow: project.allow }
}

/** dsh.config.yml's entries; an invalid file is a named refusal with its own file, field and fix. */
function projectConfig(root: string) {
  try {
    return loadProjectConfig(root)
  } catch (error) {
    if (!(error instanceof ScenarioFileError)) throw error
    throw new ImportError('IMPORT_PROJECT_CONFIG', error.message)
  }
}

async function headerClass(root: string, name: string, headers: RequestHeaderContent[]) {
  const rendered = { system: renderSystemPromptSidecar(headers), tools: renderToolSchemasSidecar(headers) }
  const { scenarios } = existsSync(join(root, 'scenarios')) ? await discoverScenarios(root) : { scenarios: [] }
  const pins: PinSidecars[] = scenarios
    .filter((s) => s.manifest.header?.pin)
    .map((s) => {
      const from = (field: 'systemPromptSource' | 'toolSchemasSource') => s.manifest.header?.[field] ?? s.name
      const read = (owner: string, file: string) => readFixtureSync(root, join(root, 'scenarios', owner, file))
      const systemOwner = from('systemPromptSource')
      const toolsOwner = from('toolSchemasSource')
      return {
        class: s.manifest.header!.class,
        system: read(systemOwner, SIDECAR_SYSTEM_PROMPT),
        tools: read(toolsOwner, SIDECAR_TOOL_SCHEMAS),
        systemOwner,
        toolsOwner,
      }
    })
  return chooseHeaderClass(name, rendered, pins)
}

/** cordis.patch.yml when the session's model is not the one the composition's agent asks for. */
async function modelPatch(request: ImportRequest, headers: RequestHeaderContent[], notes: string[]) {
  const models = [...new Set(headers.map((header) => String(header.model)))]
  const [model] = models
  if (model === undefined) return undefined
  if (models.length > 1)
    notes.push(`the session changed models (${models.join(', ')}); the scenario asks for the first, ${model}`)
  const configFile = request.config ?? defaultConfigFile(request.root)
  const { entries } = await loadComposition({ configFile, env: request.env, lenientEnv: true })
  const config = locateEntry(entries, 'agent')?.entry.config as { model?: unknown } | undefined
  return config?.model === model ? undefined : renderModelPatch(model)
}

/** Each log's normalized text, parsed (the texts are the logs', in order). */
function parseNormalized(logs: readonly { file: string }[], texts: readonly string[]) {
  return logs.map((log, index) => {
    const text = texts[index]
    if (text === undefined) throw new Error(`${log.file}: normalizing the import lost this session log`)
    return parseSessionLog(text, log.file)
  })
}
