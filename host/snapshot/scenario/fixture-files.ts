// Which files a scenario folder must, may and must not hold, given its manifest
// and script. Pure over a directory listing, so missing, mismatched and orphaned
// fixtures fail at collection time with the fix spelled out.
import type { RunMode } from '../core/fixtures.ts'
import type { ScenarioInput } from './input.ts'
import type { ScenarioManifest } from './manifest.ts'

export interface FixtureEntry {
  name: string
  isDirectory: boolean
}

export const SIDECAR_SYSTEM_PROMPT = 'system-prompt.expected.md'
export const SIDECAR_TOOL_SCHEMAS = 'tool-schemas.expected.json'

/** `session.jsonl` for the first session, `session.<n>.jsonl` for the n+1-th. */
export function sessionLogFileName(index: number): string {
  return index === 0 ? 'session.jsonl' : `session.${index}.jsonl`
}

/** Sessions a run creates: one per newSession step that is not expected to fail. */
export function expectedSessionCount(input: ScenarioInput): number {
  return input.steps.filter((step) => step.op === 'newSession' && !step.expectError).length
}

export function fixtureFileProblems(
  manifest: ScenarioManifest,
  input: ScenarioInput,
  entries: readonly FixtureEntry[],
  mode: RunMode = 'replay',
  /** Files and folders the scenario's cordis.patch.yml inserts as plugin modules. */
  patchModules: readonly string[] = [],
): string[] {
  const dir = `scenarios/${manifest.scenario}`
  const problems: string[] = []
  const byName = new Map(entries.map((entry) => [entry.name, entry]))
  const allowed = new Set<string>()
  const refresh = `npx dsh test ${manifest.scenario} --mode refresh`

  const expectFile = (name: string, required: boolean, why: string) => {
    allowed.add(name)
    const entry = byName.get(name)
    if (entry?.isDirectory) problems.push(`${dir}/${name} is a directory; it must be a file`)
    else if (!entry && required) problems.push(`${dir}/${name} is missing: ${why}`)
  }
  const expectDir = (name: string, present: boolean, why: string) => {
    const entry = byName.get(name)
    if (present) {
      allowed.add(name)
      if (!entry) problems.push(`${dir}/${name}/ is missing: ${why}`)
      else if (!entry.isDirectory) problems.push(`${dir}/${name} must be a directory`)
    }
  }

  allowed.add('snapshot.yml')
  expectFile('model.yml', false, '')
  expectFile('cordis.patch.yml', false, '')
  for (const name of patchModules) allowed.add(name)
  expectFile('input.json', true, 'every scenario needs the ACP script it drives')
  expectFile('stdout.golden.jsonl', mode === 'replay', `create it with ${refresh}`)

  const sessions = expectedSessionCount(input)
  if (manifest.session) {
    for (const entry of entries) {
      if (/^session(\.\d+)?\.jsonl$/.test(entry.name)) {
        allowed.add(entry.name) // reported here; not again as an orphan
        problems.push(
          `${dir}/${entry.name} must not exist: session.source reuses scenarios/${manifest.session.source}'s logs; delete it or drop session.source`,
        )
      }
    }
  } else {
    for (let index = 0; index < sessions; index++) {
      expectFile(
        sessionLogFileName(index),
        mode !== 'record',
        `input.json creates ${sessions} session(s); record it with npx dsh test ${manifest.scenario} --mode record`,
      )
    }
  }

  if (manifest.replay === 'overridden') expectFile('replay.override.json', true, 'the manifest says replay: overridden')

  if (manifest.header?.pin) {
    const required = mode === 'replay'
    if (!manifest.header.systemPromptSource)
      expectFile(
        SIDECAR_SYSTEM_PROMPT,
        required,
        `this scenario pins header class ${manifest.header.class}; create it with ${refresh}`,
      )
    if (!manifest.header.toolSchemasSource)
      expectFile(
        SIDECAR_TOOL_SCHEMAS,
        required,
        `this scenario pins header class ${manifest.header.class}; create it with ${refresh}`,
      )
  }

  if (byName.has('workspace')) expectDir('workspace', true, '')
  expectDir(
    'workspace.expected',
    manifest.workspace.final,
    'workspace.final is true; commit the expected final tree by hand (nothing rewrites it)',
  )

  for (const entry of entries) {
    if (allowed.has(entry.name) || entry.name === '.DS_Store') continue
    problems.push(
      `${dir}/${entry.name}${entry.isDirectory ? '/' : ''} is not expected here: ${orphanReason(entry.name, manifest, sessions)}`,
    )
  }
  return problems
}

function orphanReason(name: string, manifest: ScenarioManifest, sessions: number): string {
  if (name === 'replay.override.json') return 'the manifest says replay: derived; delete it or set replay: overridden'
  if (name === SIDECAR_SYSTEM_PROMPT || name === SIDECAR_TOOL_SCHEMAS) {
    return manifest.header?.pin
      ? 'this pin names a source for it; delete the copy'
      : 'only the pin of a header class owns sidecars; delete it or set header.pin'
  }
  if (name === 'workspace.expected') return 'workspace.final is false; delete it or set workspace.final: true'
  if (/^session(\.\d+)?\.jsonl$/.test(name)) {
    if (sessions === 0) return 'input.json creates no session, so no session log belongs here'
    const names = Array.from({ length: sessions }, (_, index) => sessionLogFileName(index)).join(', ')
    return `input.json creates ${sessions} session(s) (newSession steps without expectError), so the logs are ${names}`
  }
  return 'scenario folders hold only the files listed in docs/scenario-format.md'
}
