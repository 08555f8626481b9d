// Subprocess tests run the built `dsh`; rebuild first so they never test stale output.
// tsc (the native compiler) takes about a second.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export default function setup(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
  const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc')
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' })
}
