import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageRoot } from '../../../lib/package-root.ts'
import { discoverScenarios } from './discover.ts'
import { parseManifest, type ScenarioManifest } from './manifest.ts'
import { renderScenarioIndex, replaceGeneratedIndex } from './scenario-index.ts'

/** The line scenarios/README.md keeps between the generated index and the hand-written rest. */
const INDEX_END_MARKER = '<!-- End of the generated index. Everything below is hand-written. -->'

function manifest(name: string, extra = '', recording = 'stub'): ScenarioManifest {
  return parseManifest(
    `scenario: ${name}\ndescription: Shows ${name} | piped.\nrecording: ${recording}\n${extra}`,
    `scenarios/${name}/snapshot.yml`,
    name,
  )
}

describe('renderScenarioIndex', () => {
  it('lists scenarios sorted with their descriptions, where the fixtures came from, escaping table pipes', () => {
    const text = renderScenarioIndex([
      manifest('zeta', 'platform: posix\n', 'authored'),
      manifest(
        'alpha',
        'header: { class: a, pin: true }\nmodels: [m1, m2]\ndate: 2026-12-01\ndshVersion: "0.2.0"\n',
        'live',
      ),
      manifest('mid', 'header: { class: a }\n'),
    ])
    const rows = text.split('\n').filter((line) => line.startsWith('| ['))
    expect(rows).toEqual([
      '| [alpha](./alpha/) | Shows alpha \\| piped. | live | m1, m2; 2026-12-01; dsh 0.2.0 | header a (pin) |',
      '| [mid](./mid/) | Shows mid \\| piped. | stub | — | header a |',
      '| [zeta](./zeta/) | Shows zeta \\| piped. | authored | — | no model, posix only |',
    ])
  })
})

describe('replaceGeneratedIndex', () => {
  it('replaces everything above the end marker and keeps the hand-written rest', () => {
    const readme = `# old index\n| row |\n${INDEX_END_MARKER}\n\nHand-written.\n`
    expect(replaceGeneratedIndex(readme, '# new\n', 'README.md')).toBe(`# new\n${INDEX_END_MARKER}\n\nHand-written.\n`)
  })

  it('names the file and the missing marker', () => {
    expect(() => replaceGeneratedIndex('# no marker\n', '# new\n', 'scenarios/README.md')).toThrow(
      /scenarios\/README\.md has no line "<!-- End of the generated index/,
    )
  })
})

describe('scenarios/README.md', () => {
  it('holds the index generated from the committed manifests', async () => {
    const file = join(packageRoot, 'scenarios', 'README.md')
    const readme = readFileSync(file, 'utf8')
    const { scenarios } = await discoverScenarios(packageRoot)
    const fresh = replaceGeneratedIndex(readme, renderScenarioIndex(scenarios.map((s) => s.manifest)), file)
    expect(readme, 'the index is stale: run npx tsx host/snapshot/scenario/write-scenario-index.ts').toBe(fresh)
  })
})
