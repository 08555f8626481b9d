// `--workspace DIR`: read a folder as the scenario's starting workspace. Respects .gitignore
// (./gitignore.ts; `.git/` is always left out), refuses files over a size limit (all named at
// once), symlinks that lead out of the folder, and anything that is not a file, folder or link.
// Reads only: the caller writes what it returns into the new scenario's workspace/.
import { lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs'
import { NotRegularFileError, readRegularFileSync } from '../../../lib/regular-file.ts'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { relativeInside } from '../../../lib/path-inside.ts'
import { CWD_TOKEN } from '../../../lib/cwd-spellings.ts'
import { type IgnoreRule, isIgnored, parseGitignore } from './gitignore.ts'
import { ImportError } from './import-error.ts'
import { plural } from '../../../lib/plural.ts'

const WORKSPACE_FILE_LIMIT = 1024 * 1024

export type WorkspaceEntry =
  | { path: string; kind: 'file'; content: Buffer; executable: boolean }
  | { path: string; kind: 'symlink'; target: string }
  | { path: string; kind: 'empty-dir' }

export function readWorkspaceDir(root: string, limit = WORKSPACE_FILE_LIMIT): WorkspaceEntry[] {
  let realRoot: string
  try {
    realRoot = realpathSync(root)
    if (!lstatSync(realRoot).isDirectory()) throw new Error('not a directory')
  } catch (error) {
    throw new ImportError('IMPORT_WORKSPACE', `--workspace ${root}: ${(error as Error).message}; pass a folder`)
  }
  const entries: WorkspaceEntry[] = []
  const problems = { tooLarge: [] as string[], escaping: [] as string[], other: [] as string[] }
  walk(realRoot, '', [], entries, problems, limit)
  if (problems.escaping.length)
    throw new ImportError(
      'IMPORT_WORKSPACE_SYMLINK',
      `--workspace ${root}: symbolic links lead out of the folder: ${problems.escaping.join(', ')}; ` +
        'replace them with the files themselves, or add them to .gitignore',
    )
  if (problems.tooLarge.length)
    throw new ImportError(
      'IMPORT_WORKSPACE_TOO_LARGE',
      `--workspace ${root}: files over ${plural(limit, 'byte')}: ${problems.tooLarge.join(', ')}; ` +
        "a scenario's workspace is committed: add them to .gitignore (or remove them from the copy) and import again",
    )
  if (problems.other.length)
    throw new ImportError(
      'IMPORT_WORKSPACE',
      `--workspace ${root}: not a file, folder or symbolic link: ${problems.other.join(', ')}; remove them or add ` +
        'them to .gitignore',
    )
  return entries
}

interface Problems {
  tooLarge: string[]
  escaping: string[]
  other: string[]
}

function walk(
  root: string,
  folder: string,
  inherited: readonly IgnoreRule[],
  out: WorkspaceEntry[],
  problems: Problems,
  limit: number,
): void {
  const absolute = join(root, folder)
  const names = readdirSync(absolute).sort()
  const rules = names.includes('.gitignore')
    ? [...inherited, ...parseGitignore(gitignoreText(join(absolute, '.gitignore')), folder)]
    : inherited
  let kept = 0
  for (const name of names) {
    if (name === '.git') continue
    const path = folder ? `${folder}/${name}` : name
    const stats = lstatSync(join(root, path))
    if (isIgnored(rules, path, stats.isDirectory())) continue
    kept++
    if (stats.isDirectory()) walk(root, path, rules, out, problems, limit)
    else if (stats.isSymbolicLink()) {
      const target = linkTarget(root, path)
      if (target === undefined) problems.escaping.push(`${path} -> ${readlinkSync(join(root, path))}`)
      else out.push({ path, kind: 'symlink', target })
    } else if (!stats.isFile()) problems.other.push(path)
    else if (stats.size > limit) problems.tooLarge.push(`${path} (${plural(stats.size, 'byte')})`)
    else
      out.push({ path, kind: 'file', content: readFileSync(join(root, path)), executable: (stats.mode & 0o111) !== 0 })
  }
  if (!kept && folder) out.push({ path: folder, kind: 'empty-dir' })
}

/** The link's target as the seed writes it (an absolute one inside as `{{cwd}}/…`); undefined when it leads out. */
function linkTarget(root: string, path: string): string | undefined {
  const target = readlinkSync(join(root, path))
  const resolved = resolve(dirname(join(root, path)), target)
  if (relativeInside(root, resolved) === undefined) return undefined
  try {
    if (relativeInside(root, realpathSync(resolved)) === undefined) return undefined
  } catch {
    // A dangling link inside the folder is data like any other.
  }
  return isAbsolute(target) ? `${CWD_TOKEN}/${relative(root, resolved).replaceAll('\\', '/')}` : target
}

/** A .gitignore's rules; one that is no regular file (a FIFO would block) has none, and is reported as "other". */
function gitignoreText(path: string): string {
  try {
    return readRegularFileSync(path).toString('utf8')
  } catch (error) {
    if (error instanceof NotRegularFileError) return ''
    throw error
  }
}
