import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { discoverScenarios } from './discover.ts'
import { failureMessages } from '../model/failure.ts'

let root: string

async function put(path: string, text: string) {
  const full = join(root, path)
  await mkdir(join(full, '..'), { recursive: true })
  await writeFile(full, text)
}

async function scenario(name: string, manifestExtra = '', sessions = 1) {
  await put(
    `scenarios/${name}/snapshot.yml`,
    `scenario: ${name}\ndescription: ${name}.\nrecording: stub\n${manifestExtra}`,
  )
  const steps = [
    { op: 'initialize' },
    ...Array.from({ length: sessions }, (_, i) => ({ op: 'newSession', as: `s${i}` })),
  ]
  await put(`scenarios/${name}/input.json`, JSON.stringify({ steps }))
  await put(`scenarios/${name}/stdout.golden.jsonl`, '')
  for (let i = 0; i < sessions; i++)
    await put(`scenarios/${name}/${i === 0 ? 'session.jsonl' : `session.${i}.jsonl`}`, '')
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'dsh-discover-'))
})
afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('discoverScenarios', () => {
  it('loads scenario folders and skips files and non-scenario folders', async () => {
    await scenario('beta')
    await scenario('alpha', 'composition: [tools]\n', 2)
    await put('overlays/tools.cordis.yml', '[]\n')
    await put('scenarios/README.md', '# index\n')
    await put('scenarios/conformance/cases.json', '[]\n')
    const { scenarios, failures } = await discoverScenarios(root)
    expect(failures).toEqual([])
    expect(scenarios.map((s) => [s.name, s.problems])).toEqual([
      ['alpha', []],
      ['beta', []],
    ])
    expect(scenarios[0]!.manifest.composition).toEqual(['tools'])
    expect(scenarios[0]!.input.steps).toHaveLength(3)
    expect(scenarios[0]!.dir).toBe(join(root, 'scenarios', 'alpha'))
  })

  it('reports invalid files, forgotten manifests and bad folder names as failures', async () => {
    await scenario('good')
    await scenario('broken', 'extra: 1\n')
    await put('scenarios/no-manifest/input.json', '{"steps":[{"op":"initialize"}]}')
    await scenario('Bad_Name')
    const { scenarios, failures } = await discoverScenarios(root)
    expect(scenarios.map((s) => s.name)).toEqual(['good'])
    const byName = Object.fromEntries(failures.map((f) => [f.name, f.error.message]))
    expect(byName.broken).toMatch(/scenarios\/broken\/snapshot\.yml: extra: unknown field/)
    expect(byName['no-manifest']).toMatch(/holds scenario files but no snapshot\.yml/)
    expect(byName.Bad_Name).toMatch(/folder name is not kebab-case/)
  })

  it('attaches fixture and corpus problems to the scenario', async () => {
    await scenario('pinless', 'header: { class: lonely }\n')
    await put('scenarios/pinless/notes.txt', 'x')
    const [loaded] = (await discoverScenarios(root)).scenarios
    expect(failureMessages(loaded!.problems)).toEqual([
      'scenarios/pinless/notes.txt is not expected here: scenario folders hold only the files listed in ' +
        'docs/scenario-format.md',
      'scenarios/pinless/snapshot.yml: header.pin: header class lonely has no pin (members: pinless); set pin: ' +
        'true on exactly one of them',
    ])
  })

  it('filters by name but still checks the whole corpus, and reports unknown names', async () => {
    await scenario('owner', 'header: { class: a, pin: true }\n')
    await put('scenarios/owner/system-prompt.expected.md', 'x\n')
    await put('scenarios/owner/tool-schemas.expected.json', '[]\n')
    await scenario('member', 'header: { class: a }\n')
    const result = await discoverScenarios(root, { names: ['member', 'ghost'] })
    expect(result.scenarios.map((s) => [s.name, s.problems])).toEqual([['member', []]])
    expect(result.failures.map((f) => f.error.message)).toEqual(['no scenario named ghost; known: member, owner'])
  })

  it('blames the pin that is not yet named as a source for a duplicated sidecar', async () => {
    await scenario('a-newcomer', 'header: { class: extra, pin: true }\n')
    await scenario('main-pin', 'header: { class: base, pin: true }\n')
    await scenario('other-pin', 'header: { class: other, pin: true, systemPromptSource: main-pin }\n')
    await put('scenarios/other-pin/tool-schemas.expected.json', '[2]\n')
    for (const name of ['a-newcomer', 'main-pin']) {
      await put(`scenarios/${name}/system-prompt.expected.md`, 'same\n')
      await put(`scenarios/${name}/tool-schemas.expected.json`, `[${name.length}]\n`)
    }
    const { scenarios } = await discoverScenarios(root)
    const problems = Object.fromEntries(scenarios.map((s) => [s.name, s.problems]))
    expect(problems['main-pin']).toEqual([])
    expect(problems['a-newcomer']).toEqual([
      {
        kind: 'duplicate-sidecar',
        scenario: 'a-newcomer',
        file: 'scenarios/a-newcomer/system-prompt.expected.md',
        message:
          'scenarios/a-newcomer/system-prompt.expected.md is identical to ' +
          'scenarios/main-pin/system-prompt.expected.md; npx dsh test a-newcomer --mode refresh deletes it and sets ' +
          'header.systemPromptSource: main-pin in scenarios/a-newcomer/snapshot.yml (or make that edit by hand)',
      },
    ])
  })

  it('lists goldens and sidecars left in a folder without a manifest as leftovers, not failures', async () => {
    await scenario('kept')
    await put('scenarios/gone/stdout.golden.jsonl', '')
    await put('scenarios/gone/system-prompt.expected.md', 'x\n')
    await put('scenarios/half/stdout.golden.jsonl', '')
    await put('scenarios/half/session.jsonl', '')
    const { failures, leftovers } = await discoverScenarios(root)
    expect(leftovers).toEqual(['scenarios/gone/stdout.golden.jsonl', 'scenarios/gone/system-prompt.expected.md'])
    expect(failures.map((f) => f.name)).toEqual(['half'])
  })
})
