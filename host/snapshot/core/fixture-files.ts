// Which files a scenario folder must, may and must not hold, given its manifest
// and script. Pure over a directory listing, so missing, mismatched and orphaned
// fixtures fail at collection time with the fix spelled out.
import { plural } from '../../../lib/plural.ts'
import type { RunMode } from '../model/modes.ts'
import { nextStep } from './next-step.ts'
import type { ScenarioProblem } from '../model/failure.ts'

/**
 * What the folder check reads of a scenario's snapshot.yml. scenario/manifest.ts parses it (its
 * ScenarioManifest has all of this): the pure core says what it needs and names no loader's type.
 */
interface FolderManifest {
  scenario: string
  /** stub | live | authored | imported, for the next-step hint. */
  recording: string | undefined
  replay: string
  header?: {
    class: string
    pin: boolean
    systemPromptSource?: string | undefined
    toolSchemasSource?: string | undefined
  }
  session?: { source: string } | undefined
  workspace: { final: boolean }
}

/** What the folder check reads of input.json (scenario/input.ts ScenarioInput): which steps open sessions. */
interface FolderScript {
  steps: readonly { op: string; expectError?: unknown }[]
}

export interface FixtureEntry {
  name: string
  isDirectory: boolean
}

export const GOLDEN_TRANSCRIPT = 'stdout.golden.jsonl'
export const SIDECAR_SYSTEM_PROMPT = 'system-prompt.expected.md'
export const SIDECAR_TOOL_SCHEMAS = 'tool-schemas.expected.json'
/** `--pending` writes `<file>.new` beside a fixture instead of overwriting it (docs/review.md). */
export const PENDING_SUFFIX = '.new'

const SESSION_LOG = /^session(\.\d+)?\.jsonl$/

/** A fixture the host writes: the golden, a sidecar or a session log (what `.new` may sit beside). */
export function isWrittenFixture(name: string): boolean {
  return (
    name === GOLDEN_TRANSCRIPT ||
    name === SIDECAR_SYSTEM_PROMPT ||
    name === SIDECAR_TOOL_SCHEMAS ||
    SESSION_LOG.test(name)
  )
}

/** `stdout.golden.jsonl.new` etc.: a pending copy awaiting `dsh review`. */
export function isPendingFile(name: string): boolean {
  return name.endsWith(PENDING_SUFFIX) && isWrittenFixture(name.slice(0, -PENDING_SUFFIX.length))
}

/**
 * Goldens and sidecars in a scenario folder that the scenario no longer uses: a sidecar in a
 * scenario that is not its class's pin, or that its pin takes from another pin. Only these are
 * ever removed automatically (vitest -u, refresh); session logs and anything else never are.
 */
export function obsoleteFixtureFiles(manifest: FolderManifest, entries: readonly FixtureEntry[]): string[] {
  const header = manifest.header
  const owns = (sidecar: string) =>
    !!header?.pin && !(sidecar === SIDECAR_SYSTEM_PROMPT ? header.systemPromptSource : header.toolSchemasSource)
  return entries
    .filter((e) => !e.isDirectory && (e.name === SIDECAR_SYSTEM_PROMPT || e.name === SIDECAR_TOOL_SCHEMAS))
    .filter((e) => !owns(e.name))
    .map((e) => e.name)
}

export interface FixtureCheckOptions {
  /** Which committed outputs may be missing; default replay. */
  mode?: RunMode
  /** Goldens and sidecars may be missing even in replay (vitest's file snapshots create them). */
  goldensOptional?: boolean
  /** The caller reports and removes obsolete goldens and sidecars itself (vitest). */
  obsoleteHandled?: boolean
  /** Files and folders the scenario's cordis.patch.yml inserts as plugin modules. */
  patchModules?: readonly string[]
  /** Files and folders input.json's MCP servers run from (`mcpServerFiles`). */
  serverFiles?: readonly string[]
  /** The scenario format's doc as the reader reaches it (lib/package-root.ts docFile); default its repository path. */
  formatDoc?: string
}

/** `session.jsonl` for the first session, `session.<n>.jsonl` for the n+1-th. */
export function sessionLogFileName(index: number): string {
  return index === 0 ? 'session.jsonl' : `session.${index}.jsonl`
}

/** Sessions a run creates: one per newSession step that is not expected to fail. */
export function expectedSessionCount(input: FolderScript): number {
  return input.steps.filter((step) => step.op === 'newSession' && !step.expectError).length
}

export function fixtureFileProblems(
  manifest: FolderManifest,
  input: FolderScript,
  entries: readonly FixtureEntry[],
  options: FixtureCheckOptions = {},
): ScenarioProblem[] {
  const check = new FolderCheck(manifest, entries, options, expectedSessionCount(input))
  check.scriptAndGolden()
  check.sessionLogs()
  check.replayAndSidecars()
  check.workspaces()
  check.obsoleteAndPending()
  check.orphans()
  return check.problems
}

/** One scenario folder's listing against its manifest: what it expects is checked, then allowed. */
class FolderCheck {
  readonly problems: ScenarioProblem[] = []
  private readonly allowed = new Set<string>()
  private readonly byName: Map<string, FixtureEntry>
  private readonly dir: string
  private readonly mode: RunMode
  private readonly goldensRequired: boolean
  private readonly refresh: string

  constructor(
    private readonly manifest: FolderManifest,
    private readonly entries: readonly FixtureEntry[],
    private readonly options: FixtureCheckOptions,
    /** Sessions the script creates. */
    private readonly sessions: number,
  ) {
    this.mode = options.mode ?? 'replay'
    this.goldensRequired = this.mode === 'replay' && !options.goldensOptional
    this.dir = `scenarios/${manifest.scenario}`
    this.byName = new Map(entries.map((entry) => [entry.name, entry]))
    this.refresh = `npx dsh test ${manifest.scenario} --mode refresh`
  }

  scriptAndGolden(): void {
    this.allowed.add('snapshot.yml')
    this.expectFile('model.yml', false, { reason: '' })
    this.expectFile('cordis.patch.yml', false, { reason: '' })
    for (const name of this.options.patchModules ?? []) this.allowed.add(name)
    for (const name of this.options.serverFiles ?? []) this.allowed.add(name)
    this.expectFile('input.json', true, { reason: 'every scenario needs the ACP script it drives' })
    this.expectFile(GOLDEN_TRANSCRIPT, this.goldensRequired, { reason: `create it with ${this.refresh}` })
  }

  sessionLogs(): void {
    const { manifest, sessions } = this
    if (!manifest.session) {
      const rerecord = nextStep({ scenario: manifest.scenario, recording: manifest.recording, kind: 'missing-fixture' })
      const why = { reason: `input.json creates ${plural(sessions, 'session')}`, fix: `record it: ${rerecord.command}` }
      for (let index = 0; index < sessions; index++)
        this.expectFile(sessionLogFileName(index), this.mode !== 'record', why)
      // Subagents' logs (plugins/subagents) follow, numbered on; replay checks each has a spawning call.
      for (let index = sessions; sessions > 0 && this.byName.has(sessionLogFileName(index)); index++)
        this.allowed.add(sessionLogFileName(index))
      return
    }
    for (const entry of this.entries) {
      if (!SESSION_LOG.test(entry.name)) continue
      this.allowed.add(entry.name) // reported here; not again as an orphan
      this.problem(
        `${this.dir}/${entry.name} must not exist: ` +
          `session.source reuses scenarios/${manifest.session.source}'s logs; ` +
          `delete it or drop session.source`,
      )
    }
  }

  replayAndSidecars(): void {
    const { manifest } = this
    if (manifest.replay === 'overridden')
      this.expectFile('replay.override.json', true, { reason: 'the manifest says replay: overridden' })
    if (!manifest.header?.pin) return
    const why = {
      reason: `this scenario pins header class ${manifest.header.class}`,
      fix: `create it with ${this.refresh}`,
    }
    if (!manifest.header.systemPromptSource) this.expectFile(SIDECAR_SYSTEM_PROMPT, this.goldensRequired, why)
    if (!manifest.header.toolSchemasSource) this.expectFile(SIDECAR_TOOL_SCHEMAS, this.goldensRequired, why)
  }

  workspaces(): void {
    if (this.byName.has('workspace')) this.expectDir('workspace', true, '')
    this.expectDir(
      'workspace.expected',
      this.manifest.workspace.final,
      'workspace.final is true; commit the expected final tree by hand (nothing rewrites it)',
    )
  }

  /** Obsolete goldens/sidecars and pending copies are named as such, not as orphans: a tool removes them. */
  obsoleteAndPending(): void {
    const { dir, mode, manifest } = this
    for (const name of obsoleteFixtureFiles(manifest, this.entries)) {
      this.allowed.add(name)
      if (mode === 'replay' && !this.options.obsoleteHandled)
        this.problems.push({
          kind: 'obsolete',
          file: `${dir}/${name}`,
          message:
            `${dir}/${name} is obsolete: ${orphanReason(name, manifest, this.sessions, this.options.formatDoc)}; ` +
            `${this.refresh} or npx vitest run -u ${dir}/ removes it`,
        })
    }
    for (const entry of this.entries) {
      if (entry.isDirectory || !isPendingFile(entry.name)) continue
      this.allowed.add(entry.name)
      if (mode === 'replay')
        this.problem(
          `${dir}/${entry.name} is pending review (written by --pending); ` +
            `accept or reject it with npx dsh review ${manifest.scenario}`,
        )
    }
  }

  orphans(): void {
    for (const entry of this.entries) {
      if (this.allowed.has(entry.name) || entry.name === '.DS_Store') continue
      this.problem(
        `${this.dir}/${entry.name}${entry.isDirectory ? '/' : ''} is not expected here: ` +
          `${orphanReason(entry.name, this.manifest, this.sessions, this.options.formatDoc)}`,
      )
    }
  }

  private expectFile(name: string, required: boolean, why: { reason: string; fix?: string }): void {
    this.allowed.add(name)
    const entry = this.byName.get(name)
    const file = `${this.dir}/${name}`
    if (entry?.isDirectory) this.problem(`${file} is a directory; it must be a file`)
    else if (!entry && required) {
      const message = `${file} is missing: ${why.reason}${why.fix ? `; ${why.fix}` : ''}`
      this.problems.push({ kind: 'missing-fixture', file, reason: why.reason, message })
    }
  }

  private expectDir(name: string, present: boolean, why: string): void {
    if (!present) return
    this.allowed.add(name)
    const entry = this.byName.get(name)
    if (!entry) this.problem(`${this.dir}/${name}/ is missing: ${why}`)
    else if (!entry.isDirectory) this.problem(`${this.dir}/${name} must be a directory`)
  }

  private problem(message: string): void {
    this.problems.push({ kind: 'scenario', message })
  }
}

function orphanReason(
  name: string,
  manifest: FolderManifest,
  sessions: number,
  formatDoc = 'docs/scenario-format.md',
): string {
  if (name === 'replay.override.json') return 'the manifest says replay: derived; delete it or set replay: overridden'
  if (name === SIDECAR_SYSTEM_PROMPT || name === SIDECAR_TOOL_SCHEMAS) {
    return manifest.header?.pin ? 'this pin names a source for it' : 'only the pin of a header class owns sidecars'
  }
  if (name === 'workspace.expected') return 'workspace.final is false; delete it or set workspace.final: true'
  if (SESSION_LOG.test(name)) {
    if (sessions === 0) return 'input.json creates no session, so no session log belongs here'
    const names = Array.from({ length: sessions }, (_, index) => sessionLogFileName(index)).join(', ')
    return (
      `input.json creates ${plural(sessions, 'session')} (newSession steps without expectError), ` +
      `so the logs are ${names}`
    )
  }
  return `scenario folders hold only the files listed in ${formatDoc}`
}
