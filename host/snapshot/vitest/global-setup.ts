// Subprocess tests and the scenario files run the built `dsh`; rebuild first when a source is newer
// than the build, so they never test stale output (and parallel runs do not rewrite dist for nothing).
// The check runs here (a node start less per vitest run); only a due build is a process of its own.
import { execFileSync } from 'node:child_process'
import { packageFile, packageRoot } from '../../../lib/package-root.ts'
import { buildIsStale } from '../../../scripts/build-stale.mjs'

export default function setup(): void {
  if (buildIsStale(packageRoot))
    execFileSync(process.execPath, [packageFile('scripts', 'build.mjs'), '--if-stale'], { stdio: 'inherit' })
}
