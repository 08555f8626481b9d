// One home per idea (docs/layout.md): a rule that has a module of its own is not written again
// elsewhere, and no host module reads meaning back out of a message dsh itself wrote.
import { readFile } from 'node:fs/promises'
import { relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root, sourceFiles } from './test-support/import-graph.ts'

const sources = new Map<string, string>()
for (const file of await sourceFiles(root)) {
  const path = relative(root, file)
  if (!path.endsWith('.test.ts') && !path.includes('test-support/')) sources.set(path, await readFile(file, 'utf8'))
}

/** `file:line: text` for each line of a source (outside `homes`) that matches `pattern`. */
function linesMatching(pattern: RegExp, homes: readonly string[], under = ''): string[] {
  const found: string[] = []
  for (const [file, text] of sources) {
    if (!file.startsWith(under) || homes.includes(file)) continue
    text.split('\n').forEach((line, index) => {
      if (pattern.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`)
    })
  }
  return found
}

describe('one home per idea', () => {
  it('whether a path lies inside a folder is decided by lib/path-inside.ts only', () => {
    // `relative(…).startsWith('..')` also takes a folder named `..x` for the parent.
    // lib/normalize/json-path.ts reads JSONPath's `..` (any depth), not a file path.
    const homes = ['lib/path-inside.ts', 'lib/normalize/json-path.ts']
    expect(linesMatching(/startsWith\(['"]\.\.['"]\)|startsWith\(`\.\.\$\{/, homes)).toEqual([])
  })

  it('/proc/<pid>/stat is read by lib/process/liveness.ts only', () => {
    expect(linesMatching(/\/proc\/\$\{[^}]+\}\/stat\b/, ['lib/process/liveness.ts'])).toEqual([])
  })

  it("the editor's fs/* and terminal/* handlers are registered by lib/acp-client/editor-client.ts only", () => {
    // The snapshot driver, conformance and dsh prompt/chat all serve through EditorClient (test doubles aside).
    const registering = /\.onRequest\([^,]*\b(fs|terminal)[./]/
    expect(linesMatching(registering, ['lib/acp-client/editor-client.ts'])).toEqual([])
    expect(linesMatching(registering, [])).toHaveLength(7)
  })

  it('whether bytes are UTF-8 is decided by lib/utf8.ts only (its RFC 3629 table)', () => {
    const table = /lead (>=|===) 0x(c2|e0|f0)\b/
    expect(linesMatching(table, ['lib/utf8.ts'])).toEqual([])
    expect(linesMatching(table, [])).not.toEqual([])
  })

  it('no host module matches a pattern against an error message, except the wordings of Node it names', () => {
    // host/conformance/ is out of scope: its subject is what any agent says, and a check may look for words.
    // Node's own wordings, which carry what its errors have no field for: JSON.parse's position and
    // util.parseArgs's option. dsh's errors carry kinds and fields instead (host/snapshot/model/failure.ts).
    const nodeWordings = ['host/snapshot/scenario/input.ts', 'host/conformance/suite.ts', 'host/app/cli.ts']
    const reading =
      /\.(test|exec|match|matchAll|search)\([^)]*\bmessage\b|\bmessage\)?\.(match|includes|startsWith|endsWith)\(/
    const found = linesMatching(reading, nodeWordings, 'host/').filter((line) => !line.startsWith('host/conformance/'))
    expect(found).toEqual([])
  })
})
