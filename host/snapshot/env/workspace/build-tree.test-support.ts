// Test helper: build a directory tree from a compact spec.
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Build a tree from a spec: string → file, { link } → symlink, null → directory. */
export async function buildTree(root: string, spec: Record<string, string | { link: string } | null>): Promise<string> {
  await mkdir(root, { recursive: true })
  for (const [path, value] of Object.entries(spec)) {
    const full = join(root, path)
    if (value === null) {
      await mkdir(full, { recursive: true })
      continue
    }
    await mkdir(join(full, '..'), { recursive: true })
    if (typeof value === 'string') await writeFile(full, value)
    else await symlink(value.link, full)
  }
  return root
}
