// Reading one of a scenario's own files: a missing file is a ScenarioFileError that says
// why the folder needs it; a link, FIFO or device is a FixtureGuardError before any read;
// any other read error passes through unchanged.
import { join } from 'node:path'
import { readFixtureSync } from '../io/safe-fixture-io.ts'
import { ScenarioFileError } from './issues.ts'

/** Returns the repo-relative path (used in messages) and the text. */
export function readScenarioFile(
  repoRoot: string,
  name: string,
  fileName: string,
  whyRequired: string,
): { file: string; text: string } {
  const file = `scenarios/${name}/${fileName}`
  const text = readFixtureSync(repoRoot, join(repoRoot, file))
  if (text === undefined) throw new ScenarioFileError(file, [{ path: '', message: `file not found; ${whyRequired}` }])
  return { file, text }
}
