// Mutants and the instrumented code that holds them all (mutant switching, as Stryker does):
// `@stryker-mutator/instrumenter` places every mutant of a file behind `stryMutAct_9fa48(id)`,
// which reads the active mutant from `__STRYKER_ACTIVE_MUTANT__` (the env var) or
// `globalThis.__stryker__.activeMutant`, and records coverage through `stryCov_9fa48(id)`.
// TypeScript output is stripped to JavaScript with esbuild; nothing here writes a file.
import { MutateError } from './errors.ts'
import type { MutantInfo } from './model.ts'
import { originalText } from './source-text.ts'

interface SourceFile {
  /** Project-relative path, as reports name it. */
  path: string
  /** Where it is (parse errors name it); default `path`. */
  absolute?: string
  content: string
}

export interface InstrumentedFile {
  path: string
  /** Runnable JavaScript (ES module) with every mutant of the file switched in. */
  code: string
}

const silent = () => {}
const no = () => false
/** The instrumenter logs through Stryker's logger; dsh mutate reports for itself. */
const logger = {
  trace: silent,
  debug: silent,
  info: silent,
  warn: silent,
  error: silent,
  fatal: silent,
  isTraceEnabled: no,
  isDebugEnabled: no,
  isInfoEnabled: no,
  isWarnEnabled: no,
  isErrorEnabled: no,
  isFatalEnabled: no,
}

/** The marker the instrumented module sets when it loads: how a run tells which target files it loaded. */
export const LOADED_GLOBAL = '__dshMutateLoaded'

export async function instrumentFiles(
  files: readonly SourceFile[],
): Promise<{ files: InstrumentedFile[]; mutants: MutantInfo[] }> {
  const { Instrumenter } = await optional(
    () => import('@stryker-mutator/instrumenter'),
    '@stryker-mutator/instrumenter@~9.6',
  )
  const instrumenter = new Instrumenter(logger)
  // All files in one call: switch ids are unique across them (one `__STRYKER_ACTIVE_MUTANT__` names one mutant).
  const result = await instrumentAll(instrumenter, files)
  const out: InstrumentedFile[] = []
  for (const [index, file] of files.entries()) {
    const instrumented = result.files[index]
    if (!instrumented) throw new Error(`${file.path}: the instrumenter returned no code for it`)
    const code = await toJavaScript(file.path, instrumented.content)
    const marker = `(globalThis.${LOADED_GLOBAL} ??= new Set()).add(${JSON.stringify(file.path)});`
    out.push({ path: file.path, code: `${marker}\n${code}` })
  }
  const contents = new Map(files.map((file) => [file.path, file.content]))
  const pathOf = new Map(files.map((file) => [file.absolute ?? file.path, file.path]))
  const mutants = result.mutants.map((mutant): MutantInfo => {
    // Stryker's API counts lines from 0 (columns too); reports count lines from 1, as editors do.
    const { start, end } = mutant.location
    const file = pathOf.get(mutant.fileName) ?? mutant.fileName
    const location = { start: { ...start, line: start.line + 1 }, end: { ...end, line: end.line + 1 } }
    return {
      id: `${file}#${mutant.id}`,
      switchId: mutant.id,
      file,
      mutator: mutant.mutatorName,
      replacement: mutant.replacement,
      original: originalText(contents.get(file) ?? '', location),
      line: location.start.line,
      location,
    }
  })
  return { files: out, mutants }
}

type StrykerInstrumenter = InstanceType<typeof import('@stryker-mutator/instrumenter')['Instrumenter']>

async function instrumentAll(instrumenter: StrykerInstrumenter, files: readonly SourceFile[]) {
  try {
    const named = files.map((file) => ({
      name: file.absolute ?? file.path,
      content: file.content,
      mutate: true as const,
    }))
    return await instrumenter.instrument(named, {
      plugins: null,
      excludedMutations: [],
      ignorers: [],
    })
  } catch (error) {
    throw new MutateError(
      'unparsable',
      `dsh mutate: ${(error as Error).message}; ` +
        'fix the syntax (does `npx tsc --noEmit` accept it?) or leave the file out',
    )
  }
}

/** Types stripped (TypeScript), kept as is otherwise; the module stays an ES module. */
async function toJavaScript(path: string, code: string): Promise<string> {
  if (!/\.[mc]?ts$/.test(path)) return code
  const { transform } = await optional(() => import('esbuild'), 'esbuild')
  const result = await transform(code, { loader: 'ts', format: 'esm', target: 'node20', sourcefile: path })
  return result.code
}

/** An optional peer dependency, or the named error saying what to install. */
async function optional<T>(load: () => Promise<T>, name: string): Promise<T> {
  try {
    return await load()
  } catch {
    throw new MutateError(
      'not-installed',
      `dsh mutate: ${name.replace(/@[~^\d.]+$/, '')} is not installed here; dsh mutate needs it: ` +
        `npm install -D ${name}`,
    )
  }
}
