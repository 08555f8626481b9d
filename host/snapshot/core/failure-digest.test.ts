import { describe, expect, it } from 'vitest'
import { verificationMessage } from '../../../plugins/llm-replay/errors.ts'
import type { Failure } from '../model/failure.ts'
import { digestFailures, formatDigest } from './failure-digest.ts'
import { toolDrift } from './tool-drift.ts'

const UUID = '633ccc27-e62a-4b53-a3d2-b3ea3a3c9406'
const ADD_EXPECT = 'add "expectError" …'
const drift =
  `scenario "s", session 0 (/root/scenarios/s/session.jsonl), live session ${UUID}, turn 1 step 2: drift at ` +
  'script entry 1 (recorded at turn 1 step 2): message 2 differs (role tool); - recorded, + live:\n' +
  '  …\n- content: HELLO\n+ content: HELLO!!!'
const problems = [{ code: 'REPLAY_DRIFT' as const, message: drift }]
const golden: Failure = {
  kind: 'surface',
  scenario: 's',
  file: 'scenarios/s/stdout.golden.jsonl',
  surface: 'transcript',
  expected: 'x\n',
  actual: 'y\n',
  message:
    'scenario s: scenarios/s/stdout.golden.jsonl differs from this run (- expected, + actual):\n--- a\n+++ b\n-x\n+y',
}
const failures: Failure[] = [
  {
    kind: 'step',
    scenario: 's',
    step: 'steps[2] (prompt s1 "hi")',
    modelError: 'REPLAY_DRIFT',
    message: `s: steps[2] (prompt s1 "hi") failed with -32603: model error REPLAY_DRIFT: ${drift}; ${ADD_EXPECT}`,
  },
  { kind: 'replay', scenario: 's', problems, message: verificationMessage('s', problems) },
  golden,
]
const plain = (kind: 'process' | 'scenario', message: string): Failure => ({ kind, scenario: 's', message })
const workspace = (differences: string[]): Failure => ({
  kind: 'workspace',
  scenario: 's',
  differences,
  message: `scenario s: the final workspace differs from scenarios/s/workspace.expected/:\n${differences.join('\n')}`,
})

describe('digestFailures', () => {
  it('makes replay drift the cause, once, with the command its provenance needs', () => {
    const digest = digestFailures({ scenario: 's', recording: 'stub', failures, roots: ['/root'] })
    expect(digest.kind).toBe('drift')
    expect(digest.cause).toBe(
      'scenario s: replay drift at steps[2] (prompt s1 "hi"): session 0 (scenarios/s/session.jsonl), turn 1 step 2: ' +
        'drift at script entry 1 (recorded at turn 1 step 2): message 2 differs (role tool)',
    )
    expect(digest.next.command).toBe('npx dsh test s --mode record --stub')
    expect(digest.diff).toBe('- recorded, + live:\n  …\n- content: HELLO\n+ content: HELLO!!!')
    expect(digest.also).toEqual([
      'scenario s: scenarios/s/stdout.golden.jsonl differs from this run (follows from the above)',
    ])
    const text = formatDigest(digest)
    expect(text.match(/message 2 differs/g)).toHaveLength(1)
    expect(text).not.toContain(UUID)
    expect(text).not.toContain('expectError')
  })

  it('diffs the golden when nothing else failed, and tells a live scenario it needs the key only for misfits', () => {
    const digest = digestFailures({ scenario: 's', recording: 'live', failures: failures.slice(2) })
    expect(digest.kind).toBe('golden')
    expect(digest.cause).toBe('scenario s: scenarios/s/stdout.golden.jsonl differs from the run at line 1')
    expect(digest.next.command).toBe('npx dsh test s --mode refresh')
    expect(digest.diff.split('\n').slice(-2)).toEqual(['-x', '+y'])
    expect(digest.also).toEqual([])
  })

  it('marks only the files that differ because replay refused as following from it', () => {
    const digest = digestFailures({ scenario: 's', recording: 'stub', failures: [...failures, workspace(['x'])] })
    expect(digest.also).toEqual([
      'scenario s: scenarios/s/stdout.golden.jsonl differs from this run (follows from the above)',
      'scenario s: the final workspace differs from scenarios/s/workspace.expected/',
    ])
  })

  it('makes a tool drift the cause and re-pins, re-recording only if the model would answer differently', () => {
    const cause =
      'tool drift: the tools offered to the model differ from tool-schemas.expected.json: "x" added; ' +
      'the model script was recorded with the old tools (an MCP server or a tool changed)'
    const drift: Failure = {
      kind: 'surface',
      scenario: 's',
      file: 'scenarios/s/tool-schemas.expected.json',
      surface: 'sidecar',
      expected: 'a\n',
      actual: 'b\n',
      toolDrift: cause,
      message:
        `scenario s: ${cause}\n` +
        'scenario s: scenarios/s/tool-schemas.expected.json differs from this run (- expected, + actual):\n-a\n+b',
    }
    const digest = digestFailures({ scenario: 's', recording: 'stub', failures: [drift, golden] })
    expect(digest.kind).toBe('tool-drift')
    expect(digest.cause).toMatch(/^scenario s: tool drift: the tools offered .*"x" added; /)
    expect(digest.next.command).toBe('npx dsh test --mode refresh --pins')
    expect(digest.next.note).toContain(
      'if the model would now answer s differently: npx dsh test s --mode record --stub',
    )
    expect(digest.diff.split('\n').slice(-2)).toEqual(['-a', '+b'])
    expect(digest.also).toEqual([
      'scenario s: scenarios/s/stdout.golden.jsonl differs from this run (follows from the above)',
    ])
  })

  it("sends a scenario whose tools differ from another pin's to a header class of its own", () => {
    const tools = (names: string[]) => JSON.stringify(names.map((name) => ({ name, description: name })))
    const pinnedBy = { pin: 'text-turn', file: 'scenarios/text-turn/tool-schemas.expected.json' }
    const cause = toolDrift(tools(['read_file']), tools(['read_file', 'mcp__notes__shout']), pinnedBy)
    const drift: Failure = {
      kind: 'surface',
      scenario: 'notes',
      file: pinnedBy.file,
      surface: 'sidecar',
      expected: 'a\n',
      actual: 'b\n',
      pin: pinnedBy.pin,
      toolDrift: cause,
      message: `scenario notes: ${cause}\nscenario notes: ${pinnedBy.file} differs from this run:\n-a\n+b`,
    }
    const digest = digestFailures({ scenario: 'notes', recording: 'stub', failures: [drift] })
    expect(digest.kind).toBe('tool-drift')
    expect(digest.cause).toContain(`differ from ${pinnedBy.file}, which the pin text-turn keeps`)
    expect(digest.cause).toContain('"mcp__notes__shout" added')
    expect(digest.next.command).toBe(
      'set header: { class: notes, pin: true, systemPromptSource: text-turn } in scenarios/notes/snapshot.yml, ' +
        'then npx dsh test notes --mode record --stub',
    )
    expect(digest.next.note).toBe(
      'or, when every scenario of the class has these tools now: re-record the pin text-turn',
    )
  })

  it("sends a pin whose sidecar copies another pin's to the refresh that names that pin instead", () => {
    const duplicate =
      'scenario notes: scenarios/notes/system-prompt.expected.md is identical to ' +
      'scenarios/text-turn/system-prompt.expected.md; npx dsh test notes --mode refresh deletes it and sets ' +
      'header.systemPromptSource: text-turn in scenarios/notes/snapshot.yml (or make that edit by hand)'
    const digest = digestFailures({
      scenario: 'notes',
      recording: 'stub',
      failures: [
        {
          kind: 'duplicate-sidecar',
          scenario: 'notes',
          file: 'scenarios/notes/system-prompt.expected.md',
          message: duplicate,
        },
      ],
    })
    expect(digest.kind).toBe('duplicate-sidecar')
    expect(formatDigest(digest).split('\n').slice(0, 3)).toEqual([
      `cause: ${duplicate}`,
      'next:  npx dsh test notes --mode refresh',
      '       (it deletes the copy and names the pin that keeps the same file as the source in snapshot.yml)',
    ])
  })

  it('never drops a failure: every one it does not show is listed by its first line', () => {
    const other = plain('process', 'scenario s: something else broke\nwith details')
    const digest = digestFailures({ scenario: 's', recording: 'stub', failures: [...failures.slice(2), other] })
    expect(digest.also).toEqual(['scenario s: something else broke'])
  })

  it('cuts the diff by lines and says how many are left', () => {
    const long = workspace(Array.from({ length: 50 }, (_, i) => `x${i}`))
    const digest = digestFailures({ scenario: 's', recording: 'stub', failures: [long], maxDiffLines: 10 })
    expect(digest.kind).toBe('workspace')
    expect(digest.cause).toBe(
      'scenario s: the final workspace differs from scenarios/s/workspace.expected/ (50 differences)',
    )
    const lines = digest.diff.split('\n')
    expect(lines).toHaveLength(11)
    expect(lines[10]).toMatch(/^… 40 more lines of this diff/)
  })
})

describe('the failure text', () => {
  it('shows roots relative and live UUIDs as a token', () => {
    const failure = plain('scenario', `scenario s: /a/b/scenarios/x and /a/b/c id ${UUID}`)
    const digest = digestFailures({ scenario: 's', recording: 'stub', failures: [failure], roots: ['/a', '/a/b'] })
    expect(digest.cause).toBe('scenario s: scenarios/x and c id {{uuid}}')
  })
})
