import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ConformanceDataError, validateSuite, type ConformanceSuite, type SourceFile } from './suite.ts'
import { packageFile } from '../../lib/package-root.ts'
import { relativeInside } from '../../lib/path-inside.ts'

/** The conformance data shipped with dsh: `scenarios/conformance/` of the dsh package. */
export function defaultSuiteDir(): string {
  return packageFile('scenarios', 'conformance')
}

export async function loadSuite(dir: string = defaultSuiteDir()): Promise<ConformanceSuite> {
  const show = (path: string) => {
    return relativeInside(process.cwd(), path) || path
  }
  const specPath = join(dir, 'SPEC.md')
  let specText: string
  try {
    specText = await readFile(specPath, 'utf8')
  } catch (error) {
    throw new ConformanceDataError([
      { file: show(specPath), issues: [{ path: '', message: `cannot read the spec: ${(error as Error).message}` }] },
    ])
  }
  const readFolder = async (name: string): Promise<SourceFile[]> => {
    const folder = join(dir, name)
    let entries
    try {
      entries = await readdir(folder, { withFileTypes: true })
    } catch (error) {
      throw new ConformanceDataError([
        { file: show(folder), issues: [{ path: '', message: `cannot read the folder: ${(error as Error).message}` }] },
      ])
    }
    return Promise.all(
      entries
        .filter((e) => !e.name.startsWith('.'))
        .map(async (entry) => ({
          file: show(join(folder, entry.name)),
          name: entry.name,
          text: entry.isDirectory() ? undefined : await readFile(join(folder, entry.name), 'utf8'),
        })),
    )
  }
  const [cases, profiles] = await Promise.all([readFolder('cases'), readFolder('profiles')])
  return validateSuite({ spec: { file: show(specPath), text: specText }, cases, profiles })
}
