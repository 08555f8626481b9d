// A new pin whose sidecars equal another pin's, end to end in a scratch project: recording it
// keeps no copy and names the other pin in snapshot.yml, so the next replay passes; a copy left
// from before fails replay naming the refresh, which removes it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MEMBER, PIN, RecordModesProject } from '../test-support/record-modes-project.ts'
import { runScenarios } from './run.ts'

const NOTES_PIN = 'header: {class: notes, pin: true}\n'
const SIDECARS = ['system-prompt.expected.md', 'tool-schemas.expected.json']

let scratch: RecordModesProject
beforeEach(async () => {
  scratch = new RecordModesProject()
  scratch.addScenario('text-turn', 'say hello', 'Hello.', PIN)
  scratch.addScenario('greeting', 'say hi', 'Hi.', MEMBER)
  const established = await record(['text-turn', 'greeting'])
  expect(established.outcomes.map((o) => o.failures)).toEqual([[], []])
  scratch.addScenario('notes', 'take a note', 'Noted.', NOTES_PIN)
})
afterEach(() => scratch.remove())

const record = (names: string[], mode: 'record' | 'refresh' = 'record') =>
  runScenarios({ root: scratch.root, mode, stub: true, names })
const file = (name: string, fixture: string) => join(scratch.root, 'scenarios', name, fixture)
const ALL = ['greeting', 'notes', 'text-turn']
const replayAll = async () => (await scratch.replayAll(ALL)).sort(([a], [b]) => a.localeCompare(b))

describe("a pin whose sidecars equal another pin's", () => {
  it('is recorded with no copy: its snapshot.yml names the other pin, and the next replay passes', async () => {
    const recorded = await record(['notes'])
    const [outcome] = recorded.outcomes
    expect(outcome?.failures).toEqual([])
    expect(outcome?.written).toContain(
      'scenarios/notes/snapshot.yml (header.systemPromptSource: text-turn, header.toolSchemasSource: text-turn: ' +
        "the run's copy would equal scenarios/text-turn/system-prompt.expected.md, " +
        'scenarios/text-turn/tool-schemas.expected.json, so none is kept)',
    )
    expect(outcome?.written.filter((entry) => entry.startsWith('scenarios/notes/snapshot.yml'))).toHaveLength(1)
    for (const sidecar of SIDECARS) expect(existsSync(file('notes', sidecar))).toBe(false)
    expect(scratch.read('notes', 'snapshot.yml')).toContain(
      'header: {class: notes, pin: true, systemPromptSource: text-turn, toolSchemasSource: text-turn}\n',
    )
    expect(await replayAll()).toEqual(ALL.map((name) => [name, []]))
  })

  it('takes the committed file as source even when its own class is the larger one', async () => {
    // notes would outrank text-turn as owner (3 scenarios against 2): recording it must not leave
    // text-turn, whose file was there first, with a copy of the new one.
    for (const member of ['notes-a', 'notes-b']) scratch.addScenario(member, 'hm', 'Hm.', 'header:\n  class: notes\n')
    expect((await record(['notes'])).outcomes[0]?.failures).toEqual([])
    expect(scratch.read('notes', 'snapshot.yml')).toContain(
      'systemPromptSource: text-turn, toolSchemasSource: text-turn',
    )
    expect(await replayAll()).toEqual(ALL.map((name) => [name, []]))
  })

  it('fails replay when a copy was left, naming the refresh, which deletes it and names the other pin', async () => {
    // As an earlier dsh recorded it: copies of text-turn's sidecars, and a manifest that names no source.
    expect((await record(['notes'])).outcomes[0]?.failures).toEqual([])
    const manifest = scratch.read('notes', 'snapshot.yml')
    writeFileSync(file('notes', 'snapshot.yml'), manifest.replace(/, systemPromptSource: .*\}/, '}'))
    for (const sidecar of SIDECARS) writeFileSync(file('notes', sidecar), readFileSync(file('text-turn', sidecar)))
    const [[, failures] = []] = await scratch.replayAll(['notes'])
    expect(failures).toContainEqual(
      expect.stringContaining(
        'scenarios/notes/tool-schemas.expected.json is identical to scenarios/text-turn/tool-schemas.expected.json; ' +
          'npx dsh test notes --mode refresh deletes it',
      ),
    )
    const refreshed = (await record(['notes'], 'refresh')).outcomes[0]
    expect(refreshed?.failures).toEqual([])
    expect(refreshed?.written).toEqual(
      expect.arrayContaining(SIDECARS.map((sidecar) => `scenarios/notes/${sidecar} (deleted)`)),
    )
    for (const sidecar of SIDECARS) expect(existsSync(file('notes', sidecar))).toBe(false)
    expect(await replayAll()).toEqual(ALL.map((name) => [name, []]))
  })
})
