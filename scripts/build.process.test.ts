// scripts/build.mjs as a real process: dist/ is replaced whole when the new build is done, so a dsh
// started meanwhile (a second vitest run, a user's terminal) runs the old build or the new one, never
// a folder half deleted or half written.
import { execFile, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { packageFile, packageRoot } from '../lib/package-root.ts'

const run = promisify(execFile)

it('keeps the old dist/ usable until the new build replaces it, and leaves no working folder behind', async () => {
  const marker = packageFile('dist', 'marker-of-the-old-build')
  writeFileSync(marker, '')
  // What a killed build leaves: its working folders, named by a pid that has ended since.
  const killedPid = spawnSync(process.execPath, ['-e', '']).pid
  for (const name of [`.dist-building-${killedPid}`, `.dist-old-${killedPid}`]) {
    mkdirSync(packageFile(name, 'host'), { recursive: true })
    writeFileSync(packageFile(name, 'host', 'half.js'), 'export const half =')
  }
  const build = spawn(process.execPath, [packageFile('scripts', 'build.mjs')], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  build.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<number | null>((resolve) => build.once('close', resolve))

  const failures: string[] = []
  let starts = 0
  while (build.exitCode === null) {
    starts++
    await run(process.execPath, [packageFile('bin', 'dsh.js'), '--version']).catch((error: { stderr: string }) =>
      failures.push(error.stderr),
    )
  }

  expect(await exited, stderr).toBe(0)
  expect(starts).toBeGreaterThan(1)
  expect(failures).toEqual([])
  expect(existsSync(marker)).toBe(false)
  expect(readdirSync(packageRoot).filter((name) => name.startsWith('.dist-'))).toEqual([])
})
