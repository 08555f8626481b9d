import { describe, expect, it } from 'vitest'
import { fixtureFileProblems, obsoleteFixtureFiles, sessionLogFileName, type FixtureEntry } from './fixture-files.ts'
import type { ScenarioInput } from '../scenario/input.ts'
import { readInput } from '../test-support/scenario-file.ts'
import { parseManifest, type ScenarioManifest } from '../scenario/manifest.ts'

/** The problems' words, as a report prints them (their kinds are checked where they matter). */
const problemMessages = (...args: Parameters<typeof fixtureFileProblems>) =>
  fixtureFileProblems(...args).map((problem) => problem.message)

function manifest(extra = ''): ScenarioManifest {
  return parseManifest(
    `scenario: demo\ndescription: Demo.\nrecording: stub\n${extra}`,
    'scenarios/demo/snapshot.yml',
    'demo',
  )
}
function input(sessions: number): ScenarioInput {
  const steps = [
    { op: 'initialize' },
    ...Array.from({ length: sessions }, (_, i) => ({ op: 'newSession', as: `s${i}` })),
  ]
  return readInput(JSON.stringify({ steps }), 'scenarios/demo/input.json')
}
const files = (...names: string[]): FixtureEntry[] =>
  names
    .map((name) => ({ name, isDirectory: name.endsWith('/') }))
    .map((e) => ({ ...e, name: e.name.replace(/\/$/, '') }))
const BASE = ['snapshot.yml', 'input.json', 'stdout.golden.jsonl']

describe('fixtureFileProblems', () => {
  it('accepts a complete scenario', () => {
    expect(
      problemMessages(manifest(), input(2), files(...BASE, 'session.jsonl', 'session.1.jsonl', 'workspace/')),
    ).toEqual([])
  })

  it('names session logs by creation order', () => {
    expect([0, 1, 2].map(sessionLogFileName)).toEqual(['session.jsonl', 'session.1.jsonl', 'session.2.jsonl'])
  })

  it('reports missing fixtures with the command that creates them', () => {
    const problems = problemMessages(
      manifest('header: { class: base, pin: true }\nreplay: overridden\nworkspace: { final: true }\n'),
      input(1),
      files('snapshot.yml'),
    )
    expect(problems).toEqual([
      'scenarios/demo/input.json is missing: every scenario needs the ACP script it drives',
      'scenarios/demo/stdout.golden.jsonl is missing: create it with npx dsh test demo --mode refresh',
      'scenarios/demo/session.jsonl is missing: input.json creates 1 session; record it: npx dsh test demo ' +
        '--mode record --stub',
      'scenarios/demo/replay.override.json is missing: the manifest says replay: overridden',
      'scenarios/demo/system-prompt.expected.md is missing: this scenario pins header class base; create it with ' +
        'npx dsh test demo --mode refresh',
      'scenarios/demo/tool-schemas.expected.json is missing: this scenario pins header class base; create it with ' +
        'npx dsh test demo --mode refresh',
      'scenarios/demo/workspace.expected/ is missing: workspace.final is true; commit the expected final tree by ' +
        'hand (nothing rewrites it)',
    ])
  })

  it('gives each missing fixture its file and the reason it is needed, as data', () => {
    const m = manifest('header: { class: base, pin: true }\n')
    const [session, sidecar] = fixtureFileProblems(m, input(1), files(...BASE, 'tool-schemas.expected.json'))
    expect(session).toMatchObject({
      kind: 'missing-fixture',
      file: 'scenarios/demo/session.jsonl',
      reason: 'input.json creates 1 session',
    })
    expect(sidecar).toMatchObject({ kind: 'missing-fixture', file: 'scenarios/demo/system-prompt.expected.md' })
  })

  it('lets refresh and record create their outputs', () => {
    const m = manifest('header: { class: base, pin: true }\n')
    expect(
      problemMessages(m, input(1), files('snapshot.yml', 'input.json', 'session.jsonl'), { mode: 'refresh' }),
    ).toEqual([])
    expect(problemMessages(m, input(1), files('snapshot.yml', 'input.json'), { mode: 'record' })).toEqual([])
  })

  it('reports orphaned and mismatched files', () => {
    const problems = problemMessages(
      manifest('header: { class: base }\n'),
      input(1),
      files(
        ...BASE,
        'session.jsonl',
        'session.2.jsonl',
        'replay.override.json',
        'system-prompt.expected.md',
        'workspace.expected/',
        'notes.md',
        'workspace',
      ),
    )
    expect(problems).toEqual([
      'scenarios/demo/workspace must be a directory',
      'scenarios/demo/system-prompt.expected.md is obsolete: only the pin of a header class owns sidecars; npx dsh ' +
        'test demo --mode refresh or npx vitest run -u scenarios/demo/ removes it',
      'scenarios/demo/session.2.jsonl is not expected here: input.json creates 1 session (newSession steps ' +
        'without expectError), so the logs are session.jsonl',
      'scenarios/demo/replay.override.json is not expected here: the manifest says replay: derived; delete it or ' +
        'set replay: overridden',
      'scenarios/demo/workspace.expected/ is not expected here: workspace.final is false; delete it or set ' +
        'workspace.final: true',
      'scenarios/demo/notes.md is not expected here: scenario folders hold only the files listed in ' +
        'docs/scenario-format.md',
    ])
  })

  it("accepts subagents' logs numbered on after the sessions' (replay checks each names its spawning call)", () => {
    const listing = files(...BASE, 'session.jsonl', 'session.1.jsonl', 'session.2.jsonl', 'session.4.jsonl')
    expect(problemMessages(manifest(), input(1), listing)).toEqual([
      expect.stringMatching(/^scenarios\/demo\/session\.4\.jsonl is not expected here/),
    ])
  })

  it('rejects a local copy of a shared sidecar and local logs with session.source', () => {
    const problems = problemMessages(
      manifest('header: { class: base, pin: true, systemPromptSource: other }\nsession: { source: other }\n'),
      input(1),
      files(...BASE, 'session.jsonl', 'tool-schemas.expected.json', 'system-prompt.expected.md'),
    )
    expect(problems).toEqual([
      "scenarios/demo/session.jsonl must not exist: session.source reuses scenarios/other's logs; delete it or " +
        'drop session.source',
      'scenarios/demo/system-prompt.expected.md is obsolete: this pin names a source for it; npx dsh test demo ' +
        '--mode refresh or npx vitest run -u scenarios/demo/ removes it',
    ])
  })

  it('names obsolete sidecars (never logs or other files) and leaves them to vitest or refresh when asked', () => {
    const m = manifest('header: { class: base, pin: true, toolSchemasSource: other }\n')
    const entries = files(...BASE, 'session.jsonl', 'system-prompt.expected.md', 'tool-schemas.expected.json')
    expect(obsoleteFixtureFiles(m, entries)).toEqual(['tool-schemas.expected.json'])
    expect(obsoleteFixtureFiles(manifest(), entries)).toEqual([
      'system-prompt.expected.md',
      'tool-schemas.expected.json',
    ])
    expect(problemMessages(m, input(1), entries, { obsoleteHandled: true })).toEqual([])
    expect(problemMessages(m, input(1), entries, { mode: 'refresh' })).toEqual([])
  })

  it('reports pending copies as pending review in replay, not as orphans, and lets refresh overwrite them', () => {
    const entries = files(...BASE, 'session.jsonl', 'stdout.golden.jsonl.new', 'session.jsonl.new', 'input.json.new')
    expect(problemMessages(manifest(), input(1), entries)).toEqual([
      'scenarios/demo/stdout.golden.jsonl.new is pending review (written by --pending); accept or reject it with ' +
        'npx dsh review demo',
      'scenarios/demo/session.jsonl.new is pending review (written by --pending); accept or reject it with npx dsh ' +
        'review demo',
      'scenarios/demo/input.json.new is not expected here: scenario folders hold only the files listed in ' +
        'docs/scenario-format.md',
    ])
    expect(problemMessages(manifest(), input(1), entries, { mode: 'refresh' })).toEqual([
      'scenarios/demo/input.json.new is not expected here: scenario folders hold only the files listed in ' +
        'docs/scenario-format.md',
    ])
  })

  it('lets vitest create a missing golden and pin sidecars', () => {
    const m = manifest('header: { class: base, pin: true }\n')
    expect(
      problemMessages(m, input(1), files('snapshot.yml', 'input.json', 'session.jsonl'), { goldensOptional: true }),
    ).toEqual([])
  })
})
