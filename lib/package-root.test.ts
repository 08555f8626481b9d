import { existsSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { docFile, packageRoot } from './package-root.ts'

describe('docFile', () => {
  it('names the doc as it is reached from the cwd: in the checkout, from a project above it, from elsewhere', () => {
    expect(docFile('scenario-format.md', packageRoot)).toBe(join('docs', 'scenario-format.md'))
    // A project whose node_modules holds dsh sees it below its own folder.
    const project = dirname(packageRoot)
    const shown = docFile('scenario-format.md', project)
    expect(shown).toBe(join(basename(packageRoot), 'docs', 'scenario-format.md'))
    expect(existsSync(join(project, shown))).toBe(true)
    expect(docFile('replay.md', join(packageRoot, 'docs', 'no-such-dir', 'x'))).toBe(
      join(packageRoot, 'docs', 'replay.md'),
    )
  })
})
