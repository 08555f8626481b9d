// Which corpus survivors a plugin's own unit tests kill: vitest runs the plugin folder's unit
// tests once per survivor, the target file served as its instrumented copy (a vite plugin: the
// repository's file is only read) with the survivor switched on by `__STRYKER_ACTIVE_MUTANT__`
// (each test worker is a fresh process that reads it). Only for dsh's own corpus-strength page.
import { readFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { instrumentFiles } from '../instrument.ts'
import type { MutantInfo, MutantResult } from '../model.ts'
import { ACTIVE_MUTANT_ENV } from '../switch.ts'

const sameMutant = (a: MutantInfo, b: MutantInfo) =>
  a.file === b.file &&
  a.mutator === b.mutator &&
  a.replacement === b.replacement &&
  JSON.stringify(a.location) === JSON.stringify(b.location)

/** The ids (`MutantInfo.id` of the corpus run) of the survivors in `file` that some unit test kills. */
export async function unitKills(root: string, file: string, survivors: readonly MutantResult[]): Promise<Set<string>> {
  const { startVitest } = await import('vitest/node')
  const absolute = resolve(root, file)
  const content = await readFile(absolute, 'utf8')
  const { files, mutants } = await instrumentFiles([{ path: file, content }])
  const code = files[0]!.code
  const plugin = { name: 'dsh-mutant', enforce: 'pre' as const, load: (id: string) => (id === absolute ? code : null) }
  const killed = new Set<string>()
  for (const survivor of survivors.filter((result) => result.file === file)) {
    const own = mutants.find((mutant) => sameMutant(mutant, survivor))
    if (!own) continue
    process.env[ACTIVE_MUTANT_ENV] = own.switchId
    const vitest = await startVitest(
      'test',
      [join(dirname(file), '/')],
      {
        watch: false,
        config: join(root, 'vitest.config.ts'),
        project: ['unit'],
        reporters: [],
        silent: true,
        passWithNoTests: true,
      },
      { plugins: [plugin] },
    )
    const failed = vitest.state.getFiles().some((task) => task.result?.state === 'fail')
    await vitest.close()
    if (failed) killed.add(survivor.id)
  }
  delete process.env[ACTIVE_MUTANT_ENV]
  return killed
}
