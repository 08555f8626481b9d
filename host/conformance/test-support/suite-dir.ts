// Writes a throwaway conformance data folder for tests: SPEC.md, cases/, profiles/.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { scratchDir } from './scratch.ts'

export interface SuiteFiles {
  /** File name (e.g. `001-fs-ops.json`) → case object, or raw text for syntax tests. */
  cases: Record<string, unknown>
  /** Profile name → profile object; default: `test` requiring every case. */
  profiles?: Record<string, unknown>
  spec?: string
}

export const TEST_SPEC = '# test spec\n\n- **R1** The agent MUST behave.\n- **R2** The agent MUST clean up.\n'

export async function writeSuite(files: SuiteFiles): Promise<string> {
  const dir = await scratchDir('suite')
  await mkdir(join(dir, 'cases'))
  await mkdir(join(dir, 'profiles'))
  await writeFile(join(dir, 'SPEC.md'), files.spec ?? TEST_SPEC)
  for (const [name, data] of Object.entries(files.cases)) {
    await writeFile(join(dir, 'cases', name), typeof data === 'string' ? data : JSON.stringify(data, null, 2))
  }
  const ids = Object.keys(files.cases).map((name) => name.replace(/^\d{3}-/, '').replace(/\.json$/, ''))
  const profiles = files.profiles ?? { test: { description: 'every case', required: ids } }
  for (const [name, data] of Object.entries(profiles))
    await writeFile(join(dir, 'profiles', `${name}.json`), JSON.stringify(data, null, 2))
  return dir
}
