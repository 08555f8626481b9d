// The files `dsh mutate` was asked about: each must be a JavaScript or TypeScript module of the
// project (or of dsh itself, run from its sources), not a test or a declaration file.
import { readFile, stat } from 'node:fs/promises'
import { relative, resolve } from 'node:path'
import { packageRoot } from '../../lib/package-root.ts'
import { MutateError } from './errors.ts'
import { relativeInside } from '../../lib/path-inside.ts'

export interface Target {
  /** Absolute path: what the worker's hooks match. */
  absolute: string
  /** Relative to the project root: what reports name. */
  path: string
  content: string
  /** One of dsh's own sources: the workers then run dsh from its sources, where this file is loaded. */
  ownSource: boolean
}

const MODULE = /\.(?:[mc]?ts|[mc]?js)$/
const NOT_PLUGIN = [/\.d\.[mc]?ts$/, /\.(?:test|spec)\.[mc]?[jt]s$/, /(?:^|\/)node_modules\//, /(?:^|\/)dist\//]

export async function readTargets(files: readonly string[], root: string): Promise<Target[]> {
  return Promise.all(files.map((file) => readTarget(file, root)))
}

async function readTarget(file: string, root: string): Promise<Target> {
  const absolute = resolve(file)
  const path = relative(root, absolute)
  const refuse = (why: string) =>
    new MutateError(
      'not-a-plugin-source',
      `dsh mutate: ${file} is not a plugin source: ${why}; name the .ts or .js module of a plugin your composition ` +
        'loads (e.g. plugins/<name>/<file>.ts)',
    )
  const info = await stat(absolute).catch(() => undefined)
  if (!info) throw refuse('there is no such file')
  if (!info.isFile()) throw refuse('it is a folder, not a module file')
  if (!MODULE.test(absolute)) throw refuse('it is not a JavaScript or TypeScript module (.js, .mjs, .ts, .mts)')
  const reason = NOT_PLUGIN.find((pattern) => pattern.test(absolute.replaceAll('\\', '/')))
  if (reason) throw refuse('tests, declaration files, installed packages and builds are not mutated')
  if (relativeInside(root, absolute) === undefined) throw refuse(`it is outside the project folder ${root}`)
  const ownSource = relativeInside(packageRoot, absolute) !== undefined
  return { absolute, path, content: await readFile(absolute, 'utf8'), ownSource }
}
