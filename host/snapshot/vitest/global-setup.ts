// Subprocess tests run the built `dsh`; rebuild first when a source is newer than the
// build, so they never test stale output (and parallel runs do not rewrite dist for nothing).
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { packageRoot } from '../../../lib/package-root.ts'

const root = packageRoot

export default function setup(): void {
  const cli = join(root, 'dist', 'host', 'app', 'cli.js')
  const builtAt = existsSync(cli) ? statSync(cli).mtimeMs : 0
  const sources = ['plugins', 'host', 'lib'].flatMap((dir) => listTs(join(root, dir)))
  if (builtAt && sources.every((file) => statSync(file).mtimeMs <= builtAt)) return
  const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc')
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' })
}

function listTs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}
