// A project of a user's own with dsh installed from a tarball of this checkout, as the README's
// "Use dsh in your own project" starts: the shipped paths packed without scripts (dist/ is kept fresh
// by the global setup), installed from npm's cache, vitest (and tsx, for TypeScript plugins) linked
// from this checkout, so the tests stay offline and fast.
import { execFile } from 'node:child_process'
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'
import { packageFile } from '../../../lib/package-root.ts'

export const run = promisify(execFile)

/**
 * What the steps' processes see: no npm_* or VITEST* variables of this test run, no repository bin
 * folder on PATH (npx must find the installed dsh), session logs in a state folder of the scratch.
 */
export function projectEnv(scratch: string): NodeJS.ProcessEnv {
  return {
    PATH: (process.env.PATH ?? '')
      .split(delimiter)
      .filter((dir) => !dir.includes('node_modules'))
      .join(delimiter),
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    XDG_STATE_HOME: join(scratch, 'state'),
    NO_COLOR: '1',
  }
}

/** Pack this checkout's shipped paths into `scratch`; resolves with the tarball's path. */
export async function packDsh(scratch: string, env: NodeJS.ProcessEnv): Promise<string> {
  const checkout = join(scratch, 'checkout')
  const shipped = JSON.parse(readFileSync(packageFile('package.json'), 'utf8')).files as string[]
  // Negated patterns only leave files out of the tarball.
  for (const path of ['package.json', 'README.md', ...shipped.filter((file) => !file.startsWith('!'))])
    cpSync(packageFile(path), join(checkout, path), { recursive: true })
  const packed = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', scratch], { cwd: checkout, env })
  return join(scratch, packed.stdout.trim().split('\n').at(-1)!)
}

/** A new project at `dir` with the tarball installed and this checkout's `linked` packages linked in. */
export async function installProject(
  dir: string,
  tarball: string,
  env: NodeJS.ProcessEnv,
  linked: readonly string[] = ['vitest'],
): Promise<void> {
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, 'package.json'),
    `{ "name": "${dir.split('/').at(-1)}", "private": true, "type": "module" }\n`,
  )
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: dir, env }).catch(
    (error) => {
      throw new Error(`npm install ${tarball} failed in ${dir}:\n${error.stdout}\n${error.stderr}`)
    },
  )
  for (const name of linked) symlinkSync(packageFile('node_modules', name), join(dir, 'node_modules', name))
}
