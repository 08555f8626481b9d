// A throwaway project for tests of the test host itself: dsh's cordis.yml and overlays,
// its plugins linked in, and helpers to add scenarios and their model scripts.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { packageRoot } from '../../../lib/package-root.ts'

export const repoRoot = packageRoot

export interface ScratchProject {
  root: string
  /** Writes scenarios/<name>/ with its manifest, input and any extra files. */
  scenario(name: string, files: { manifest: string; input: object; extra?: Record<string, string> }): string
  /**
   * Writes scenarios/<name>/model.yml (JSON is YAML): model.yml items (`{ reply: … }`), or stub
   * script items as the builders make them (`{ kind: 'sse', … }`), written as raw `sse`/`error`/`hang`.
   */
  modelScript(name: string, items: unknown[]): void
  remove(): void
}

export function scratchProject(label: string): ScratchProject {
  const root = mkdtempSync(join(tmpdir(), `dsh-${label}-`))
  cpSync(join(repoRoot, 'cordis.yml'), join(root, 'cordis.yml'))
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
      mkdirSync(join(root, 'scenarios', name), { recursive: true })
      const asModelItem = (item: unknown) => {
        if (!item || typeof item !== 'object' || !('kind' in item)) return item
        const { kind, ...rest } = item as { kind: string }
        return { [kind]: kind === 'hang' ? true : rest }
      }
      writeFileSync(join(root, 'scenarios', name, 'model.yml'), `${JSON.stringify(items.map(asModelItem), null, 2)}\n`)
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  }
}
