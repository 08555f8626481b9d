// A pinned third-party ACP agent from npm, installed once per version into node_modules/.cache
// (never into the repository's dependencies), for the foreign-agent e2e tests.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { packageFile } from '../../../lib/package-root.ts'

/**
 * The path of the package's `bin` script, installing `name@version` first if the cache lacks it.
 * Install scripts stay off except the package's own when `runOwnScripts` (opencode-ai's postinstall
 * links its platform binary into place).
 */
export function installAgent(name: string, version: string, bin: string, runOwnScripts = false): string {
  const dir = packageFile('node_modules', '.cache', 'dsh-agents', `${name.replace('/', '+')}@${version}`)
  const binPath = join(dir, 'node_modules', '.bin', bin)
  // Written last: a cache whose install or scripts broke off is installed again.
  const done = join(dir, 'installed')
  if (existsSync(done) && existsSync(binPath)) return binPath
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n')
  try {
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', `${name}@${version}`], {
      cwd: dir,
      stdio: 'pipe',
      timeout: 300_000,
    })
    if (runOwnScripts) execFileSync('npm', ['rebuild', name], { cwd: dir, stdio: 'pipe', timeout: 120_000 })
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '').slice(0, 2000)
    throw new Error(`could not install ${name}@${version} into ${dir} (the e2e needs the npm registry):\n${stderr}`)
  }
  if (!existsSync(binPath)) throw new Error(`${name}@${version} installed into ${dir} has no bin ${bin}`)
  writeFileSync(done, `${name}@${version}\n`)
  return binPath
}
