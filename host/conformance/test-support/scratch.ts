// Temp folders for tests, removed together: call removeScratch() in afterAll.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const made: string[] = []

export async function scratchDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `dsh-conformance-${prefix}-`))
  made.push(dir)
  return dir
}

export async function removeScratch(): Promise<void> {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
}
