// scripts/build.mjs as a real process: dist/ is replaced whole when the new build is done, so a dsh
// started meanwhile (a second vitest run, a user's terminal) runs the old build or the new one, never
// a folder half deleted or half written. The build runs in a copy of the package, so the other
// end-to-end files keep this checkout's dist/ to themselves.
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'
import { packageFile } from '../lib/package-root.ts'

const run = promisify(execFile)
const copy = mkdtempSync(join(tmpdir(), 'dsh-build-'))
let build: ChildProcess | undefined
// A build cut short by a failure or the timeout is ended with its tsc and esbuild (its own group)
// before its folder goes.
afterAll(async () => {
  if (build?.pid !== undefined && build.exitCode === null && build.signalCode === null) {
    const closed = once(build, 'close')
    process.kill(-build.pid, 'SIGKILL')
    await closed
  }
  rmSync(copy, { recursive: true, force: true, maxRetries: 5 })
})

/** What the build reads, copied; the dependencies linked. */
function copyPackage(): void {
  for (const path of [
    'package.json',
    'tsconfig.json',
    'tsconfig.build.json',
    'bin',
    'scripts',
    'plugins',
    'host',
    'lib',
  ])
    cpSync(packageFile(path), join(copy, path), { recursive: true })
  cpSync(packageFile('dist'), join(copy, 'dist'), { recursive: true })
  symlinkSync(packageFile('node_modules'), join(copy, 'node_modules'))
}

it('keeps the old dist/ usable until the new build replaces it, and leaves no working folder behind', async () => {
  copyPackage()
  const marker = join(copy, 'dist', 'marker-of-the-old-build')
  writeFileSync(marker, '')
  // What a killed build leaves: its working folders, named by a pid that has ended since.
  const killedPid = spawnSync(process.execPath, ['-e', '']).pid
  for (const name of [`.dist-building-${killedPid}`, `.dist-old-${killedPid}`]) {
    mkdirSync(join(copy, name, 'host'), { recursive: true })
    writeFileSync(join(copy, name, 'host', 'half.js'), 'export const half =')
  }
  build = spawn(process.execPath, [join(copy, 'scripts', 'build.mjs')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  })
  let stderr = ''
  build.stderr!.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise<number | null>((resolve) => build!.once('close', resolve))

  const failures: string[] = []
  let starts = 0
  while (build.exitCode === null) {
    starts++
    await run(process.execPath, [join(copy, 'bin', 'dsh.js'), '--version']).catch((error: { stderr: string }) =>
      failures.push(error.stderr),
    )
    // A pause between starts leaves the build a core: on a busy machine it is slow enough already.
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  expect(await exited, stderr).toBe(0)
  expect(starts).toBeGreaterThan(1)
  expect(failures).toEqual([])
  expect(existsSync(marker)).toBe(false)
  expect(existsSync(join(copy, 'dist', 'host', 'app', 'cli.js'))).toBe(true)
  expect(readdirSync(copy).filter((name) => name.startsWith('.dist-'))).toEqual([])
  // A whole build (tsc and esbuild) beside the other end-to-end files takes well over 20 s at times.
}, 120_000)
