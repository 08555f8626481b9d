// Which corpus survivors a plugin's own unit tests kill. One vitest instance (one fork, modules
// kept between runs) serves the target file as its instrumented copy (a vite plugin: the
// repository's file is only read) and runs the plugin folder's unit tests that name the file once
// per survivor; a setup file switches the survivor on before each test file, read from a scratch
// file. A mutant of a module body (static) is never switched on this way: it counts as not killed.
// Only for dsh's own corpus-strength page.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { instrumentFiles } from '../instrument.ts'
import type { MutantInfo, MutantResult } from '../model.ts'

const sameMutant = (a: MutantInfo, b: MutantInfo) =>
  a.file === b.file &&
  a.mutator === b.mutator &&
  a.replacement === b.replacement &&
  JSON.stringify(a.location) === JSON.stringify(b.location)

/** Read before each test file: the active mutant is what the scratch file names. */
const SETUP = (activeFile: string) => `import { readFileSync } from 'node:fs'
const ns = (globalThis.__stryker__ ??= {})
ns.activeMutant = readFileSync(${JSON.stringify(activeFile)}, 'utf8') || undefined
`

/** The plugin folder's unit tests that name the file (e.g. `./log-format.ts`): the ones that can kill its mutants. */
async function unitTestsOf(root: string, file: string): Promise<string[]> {
  const folder = join(root, dirname(file))
  const name = basename(file)
  const tests = (await readdir(folder)).filter((entry) => /(?<!\.e2e|\.process|\.soak)\.test\.ts$/.test(entry))
  const naming = await Promise.all(
    tests.map(async (test) => ((await readFile(join(folder, test), 'utf8')).includes(name) ? test : undefined)),
  )
  return naming.filter((test): test is string => !!test).map((test) => join(root, dirname(file), test))
}

/** The ids (`MutantInfo.id` of the corpus run) of the survivors in `file` that some unit test kills. */
export async function unitKills(root: string, file: string, survivors: readonly MutantResult[]): Promise<Set<string>> {
  const { createVitest } = await import('vitest/node')
  const absolute = resolve(root, file)
  const { files, mutants } = await instrumentFiles([{ path: file, content: await readFile(absolute, 'utf8') }])
  const [instrumented] = files
  if (!instrumented) throw new Error(`${file}: the instrumenter returned no code`)
  const { code } = instrumented
  const scratch = await mkdtemp(join(tmpdir(), 'dsh-unit-kills-'))
  const active = join(scratch, 'active')
  await writeFile(active, '')
  await writeFile(join(scratch, 'setup.mjs'), SETUP(active))
  const plugin = { name: 'dsh-mutant', enforce: 'pre' as const, load: (id: string) => (id === absolute ? code : null) }
  // No config file: its projects would each build a vite server of their own, without the plugin.
  const quiet = { onInit() {} }
  const options = { watch: false, config: false as const, root, reporters: [quiet], silent: true, bail: 1 }
  const vitest = await createVitest(
    'test',
    { ...options, pool: 'forks', maxWorkers: 1, isolate: false, setupFiles: [join(scratch, 'setup.mjs')] },
    { plugins: [plugin] },
  )
  const killed = new Set<string>()
  try {
    // Reporters and the pool are set up here; nothing runs until asked.
    await vitest.standalone()
    const specs = await vitest.getRelevantTestSpecifications(await unitTestsOf(root, file))
    for (const survivor of survivors.filter((result) => result.file === file)) {
      const own = mutants.find((mutant) => sameMutant(mutant, survivor))
      if (!own) continue
      await writeFile(active, own.switchId)
      const run = await vitest.runTestSpecifications(specs)
      if (run.testModules.some((module) => !module.ok()) || run.unhandledErrors.length) killed.add(survivor.id)
    }
  } finally {
    await vitest.close()
    await rm(scratch, { recursive: true, force: true })
  }
  return killed
}
