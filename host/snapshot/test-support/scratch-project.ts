// A throwaway project for tests of the test host itself: dsh's compositions and overlays,
// its plugins linked in, and helpers to add scenarios and model scripts.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { packageRoot } from '../../../lib/package-root.ts'

export const repoRoot = packageRoot

export interface ScratchProject {
  root: string
  /** Writes scenarios/<name>/ with its manifest, input and any extra files. */
  scenario(name: string, files: { manifest: string; input: object; extra?: Record<string, string> }): string
  /** Writes host/snapshot/model-scripts/<name>.ts exporting the stub items (plain data). */
  modelScript(name: string, items: unknown[]): void
  remove(): void
}

export function scratchProject(label: string): ScratchProject {
  const root = mkdtempSync(join(tmpdir(), `dsh-${label}-`))
  for (const file of ['cordis.yml', 'cordis.snapshot.yml']) cpSync(join(repoRoot, file), join(root, file))
  symlinkSync(join(repoRoot, 'plugins'), join(root, 'plugins'))
  cpSync(join(repoRoot, 'overlays'), join(root, 'overlays'), { recursive: true })
  return {
    root,
    scenario(name, { manifest, input, extra = {} }) {
      const dir = join(root, 'scenarios', name)
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, 'snapshot.yml'), manifest)
      writeFileSync(join(dir, 'input.json'), JSON.stringify(input))
      for (const [file, text] of Object.entries(extra)) {
        mkdirSync(dirname(join(dir, file)), { recursive: true })
        writeFileSync(join(dir, file), text)
      }
      return dir
    },
    modelScript(name, items) {
      mkdirSync(join(root, 'host', 'snapshot', 'model-scripts'), { recursive: true })
      writeFileSync(
        join(root, 'host', 'snapshot', 'model-scripts', `${name}.ts`),
        `export default ${JSON.stringify(items)}\n`,
      )
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  }
}
