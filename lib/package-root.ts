// The dsh package's own folder, found from this module's location, so that the same code finds the
// bundle's files (cordis.yml, overlays/, scenarios/conformance/) from source (lib/) and compiled (dist/lib/),
// inside this repository or installed under a user's node_modules.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { relativeInside } from './path-inside.ts'

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'dsh') return dir
    if (dirname(dir) === dir) throw new Error(`dsh: cannot find the dsh package folder above ${start}`)
  }
}

export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)))

/** A path inside the dsh package (e.g. `packageFile('overlays', 'echo.cordis.yml')`). */
export const packageFile = (...parts: string[]): string => join(packageRoot, ...parts)

/**
 * One of dsh's docs as a message names it: a path that exists for the reader — relative to the
 * cwd below it (`docs/<name>` in this checkout, `node_modules/dsh/docs/<name>` in a project), absolute
 * otherwise. The docs ship in the package (package.json `files`).
 */
export function docFile(name: string, cwd = process.cwd()): string {
  const path = packageFile('docs', name)
  return relativeInside(cwd, path) ?? path
}

/** True when dsh runs from dist/ (plain node), false from its TypeScript sources (vitest, tsx). */
export const compiled = !fileURLToPath(import.meta.url).endsWith('.ts')

/**
 * One of dsh's own modules that is loaded by path (a plugin, the vitest scenario module): the
 * source when dsh runs from source, its entry in the bundled dist/ otherwise. A bundled module's
 * import.meta.url names its chunk, so paths relative to it do not reach the module's siblings.
 */
export const ownModule = (sourcePath: string): string =>
  compiled ? packageFile('dist', sourcePath.replace(/\.ts$/, '.js')) : packageFile(sourcePath)
