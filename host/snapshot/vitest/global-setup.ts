// Subprocess tests run the built `dsh`; rebuild first when a source is newer than the
// build, so they never test stale output (and parallel runs do not rewrite dist for nothing).
import { execFileSync } from 'node:child_process'
import { packageFile } from '../../../lib/package-root.ts'

export default function setup(): void {
  execFileSync(process.execPath, [packageFile('scripts', 'build.mjs'), '--if-stale'], { stdio: 'inherit' })
}
