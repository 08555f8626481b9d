// Reading one of a scenario's own files: a missing file is a ScenarioFileError that says
// why the folder needs it; any other read error passes through unchanged.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ScenarioFileError } from './issues.ts'

/** Returns the repo-relative path (used in messages) and the text. */
export async function readScenarioFile(
  repoRoot: string,
  name: string,
  fileName: string,
  whyRequired: string,
): Promise<{ file: string; text: string }> {
  const file = `scenarios/${name}/${fileName}`
  try {
    return { file, text: await readFile(join(repoRoot, file), 'utf8') }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new ScenarioFileError(file, [{ path: '', message: `file not found; ${whyRequired}` }])
    }
    throw error
  }
}
