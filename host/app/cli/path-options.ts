// Paths on the command line, checked before any work: folders such as --root DIR (test, review,
// new), the project folder whose scenarios/ a command reads; files a command reads (--table); and
// files a run writes at its end (--report, --html). A root that is not a folder, a `dsh test` root
// without scenarios/, a missing file, or an output file in a folder that does not exist is a usage
// error (exit 2) saying where dsh looked, not a stack trace after the work is done.
import { existsSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { UsageError, stringOption, type OptionValues } from './command.ts'

/** A folder option (e.g. --suite DIR) as given, when it names an existing folder. */
export function folderOption(values: OptionValues, name: string): string | undefined {
  const given = stringOption(values, name)
  if (given === undefined) return undefined
  const folder = resolve(given)
  if (!(existsSync(folder) && statSync(folder).isDirectory()))
    throw new UsageError(`--${name} ${given}: not an existing folder (${folder})`)
  return given
}

/** A file option that names an existing file (e.g. --table FILE), as given. */
export function existingFileOption(values: OptionValues, name: string): string | undefined {
  const given = stringOption(values, name)
  if (given === undefined) return undefined
  const file = resolve(given)
  if (!(existsSync(file) && statSync(file).isFile())) throw new UsageError(`--${name} ${given}: no such file (${file})`)
  return given
}

/** The absolute project root: --root when given (it must be an existing folder), else the cwd. */
export function rootOption(values: OptionValues): string {
  return resolve(folderOption(values, 'root') ?? '.')
}

/** The root, which must hold a scenarios/ folder to run. */
export function scenariosRootOption(values: OptionValues): string {
  const root = rootOption(values)
  if (!existsSync(join(root, 'scenarios')))
    throw new UsageError(
      `no scenarios/ folder in ${root}; run dsh from your project's folder, pass --root DIR, ` +
        'or write a first scenario with dsh new NAME',
    )
  return root
}

/** An output file option (e.g. --report FILE): its folder must exist, so the run's result is not lost at the end. */
export function outputFileOption(values: OptionValues, name: string): string | undefined {
  const file = stringOption(values, name)
  if (file === undefined) return undefined
  const folder = dirname(resolve(file))
  if (!(existsSync(folder) && statSync(folder).isDirectory()))
    throw new UsageError(`--${name} ${file}: no folder ${folder} to write it in; create it or pick another path`)
  return file
}
