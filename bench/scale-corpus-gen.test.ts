// The scale corpus, from a small stand-in for the repository's scenarios: every needed scenario (a
// pin, a session source) kept, the rest spread or copied in turn, copies never pins, sandboxed
// scenarios left out; and the temp folder is gone when the part ends.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { writeCorpus } from './scale-corpus-gen.ts'
import { withTempFolder } from './temp-folder.ts'

/** Scenarios: a pin with its sidecar, a session source and the one loading it, plain ones, a sandboxed one. */
function standIn(folder: string): string {
  const scenarios = path.join(folder, 'repo')
  const scenario = (name: string, manifest: string, input = '{}', model = '- reply:\n    text: hi\n') => {
    mkdirSync(path.join(scenarios, name), { recursive: true })
    writeFileSync(path.join(scenarios, name, 'snapshot.yml'), `scenario: ${name}\n${manifest}`)
    writeFileSync(path.join(scenarios, name, 'input.json'), input)
    writeFileSync(path.join(scenarios, name, 'model.yml'), model)
  }
  scenario('a-pin', 'header:\n  class: default\n  pin: true\n  toolSchemasSource: other\n')
  writeFileSync(path.join(scenarios, 'a-pin', 'system-prompt.expected.md'), 'You are dsh.\n')
  scenario('b-source', 'recording: stub\n', '{"permissions": ["allow_once"]}')
  scenario('c-loads', 'session:\n  source: b-source\n', '{"mcpServers": []}')
  scenario('d-plain', 'recording: stub\n', '{}', '- reply:\n    toolCalls:\n      - { id: c, name: task }\n')
  scenario('e-plain', 'recording: stub\n')
  scenario('f-plain', 'recording: stub\n', '{}', '- reply:\n    toolCalls: []\n')
  scenario('g-sandboxed', 'sandbox: bubblewrap\n')
  return scenarios
}

const names = (root: string) => readdirSync(path.join(root, 'scenarios')).sort()

it('keeps the needed scenarios in a smaller corpus, spreading the rest; never a sandboxed one', async () => {
  await withTempFolder('dsh-scale-corpus-test-', async (folder) => {
    const repo = standIn(folder)
    const kinds = writeCorpus(repo, path.join(folder, 'small'), 4)
    expect(names(path.join(folder, 'small'))).toEqual(['a-pin', 'b-source', 'c-loads', 'e-plain'])
    expect(kinds).toEqual({ text: 2, tools: 0, approvals: 1, subagents: 0, mcp: 1 })
  })
})

it('copies every scenario in turn under its own name, never as a pin; removes the folder afterwards', async () => {
  let seen = ''
  await withTempFolder('dsh-scale-corpus-test-', async (folder) => {
    seen = folder
    const root = path.join(folder, 'large')
    const kinds = writeCorpus(standIn(folder), root, 14)
    expect(names(root)).toEqual([
      ...['a-pin', 'a-pin-2', 'a-pin-3', 'b-source', 'b-source-2', 'b-source-3', 'c-loads', 'c-loads-2'],
      ...['d-plain', 'd-plain-2', 'e-plain', 'e-plain-2', 'f-plain', 'f-plain-2'],
    ])
    expect(kinds).toEqual({ text: 5, tools: 2, approvals: 3, subagents: 2, mcp: 2 })
    const copy = path.join(root, 'scenarios', 'a-pin-2')
    const manifest = readFileSync(path.join(copy, 'snapshot.yml'), 'utf8')
    expect(manifest).toBe('scenario: a-pin-2\nheader:\n  class: default\n')
    expect(readdirSync(copy).sort()).toEqual(['input.json', 'model.yml', 'snapshot.yml'])
    expect(existsSync(path.join(root, 'scenarios', 'a-pin', 'system-prompt.expected.md'))).toBe(true)
    expect(readFileSync(path.join(root, 'scenarios', 'c-loads-2', 'snapshot.yml'), 'utf8')).toContain(
      'source: b-source',
    )
  })
  expect(existsSync(seen)).toBe(false)
})

it("copies the repository's schemas beside the corpus, so the scenarios' $schema references resolve", async () => {
  await withTempFolder('dsh-scale-corpus-test-', async (folder) => {
    const repo = standIn(folder)
    mkdirSync(path.join(folder, 'schemas'))
    writeFileSync(path.join(folder, 'schemas', 'input.schema.json'), '{}')
    const root = path.join(folder, 'with-schemas')
    writeCorpus(repo, root, 4)
    // scenarios/<name>/input.json names ../../schemas/input.schema.json
    expect(existsSync(path.join(root, 'scenarios', 'a-pin', '..', '..', 'schemas', 'input.schema.json'))).toBe(true)
  })
})
