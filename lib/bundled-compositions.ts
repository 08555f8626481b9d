// The compositions dsh ships with: its own cordis.yml (used where a folder has none) and the
// overlays a user reaches by a short name (`--patch snapshot`, `--patch echo`, a manifest's
// `composition: [echo]`), wherever dsh is installed (docs/bundle.md).
import { existsSync, readdirSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { KEBAB_NAME } from './closed-object.ts'
import { packageFile } from './package-root.ts'
import { UsageError } from './usage-error.ts'

const CONFIG_FILE_NAME = 'cordis.yml'

/** The test host's own overlays: replay (`snapshot`) and record (`record`). */
const HOST_OVERLAYS: Readonly<Record<string, string>> = {
  snapshot: 'cordis.snapshot.yml',
  record: 'cordis.record.yml',
}

const OVERLAY_SUFFIX = '.cordis.yml'

/** `<dir>/cordis.yml` when it exists, else the bundle's own cordis.yml. */
export function defaultConfigFile(dir: string): string {
  const own = join(dir, CONFIG_FILE_NAME)
  return existsSync(own) ? own : packageFile(CONFIG_FILE_NAME)
}

/** Short names of the bundled overlays, host overlays first. */
function bundledOverlayNames(): string[] {
  const overlays = readdirSync(packageFile('overlays'))
    .filter((file) => file.endsWith(OVERLAY_SUFFIX))
    .map((file) => file.slice(0, -OVERLAY_SUFFIX.length))
    .sort()
  return [...Object.keys(HOST_OVERLAYS), ...overlays]
}

/** The bundled overlay file a short name stands for, or undefined when there is none. */
export function bundledOverlayFile(name: string): string | undefined {
  const host = HOST_OVERLAYS[name]
  if (host) return packageFile(host)
  const file = packageFile('overlays', `${name}${OVERLAY_SUFFIX}`)
  return KEBAB_NAME.test(name) && existsSync(file) ? file : undefined
}

/** A `--patch` value that is a bare kebab name (no `/`, no extension) names a bundled overlay. */
function isShortOverlayName(value: string): boolean {
  return KEBAB_NAME.test(value)
}

/**
 * A `--patch` value as a file path: a short name becomes the bundled overlay's path; anything else
 * is a path and stays as given. A short name that is unknown is a UsageError naming the known ones.
 */
export function patchFile(value: string): string {
  if (!isShortOverlayName(value)) return value
  const file = bundledOverlayFile(value)
  if (file) return file
  throw new UsageError(
    `--patch ${value}: no bundled overlay is named "${value}" (bundled: ${bundledOverlayNames().join(', ')}); ` +
      `for a file of that name write ./${value}`,
  )
}

/** A `--config` / `--patch` file named on the command line must exist: else a UsageError (exit 2) saying so. */
export function requireCompositionFile(flag: '--config' | '--patch', given: string, file: string): void {
  if (existsSync(file) && statSync(file).isFile()) return
  const next =
    flag === '--config'
      ? 'pass the path of your composition file (a cordis.yml)'
      : 'pass an overlay file or a bundled overlay name'
  const what = existsSync(file) ? 'a folder, not a file' : 'no such file'
  const bundled = flag === '--patch' ? bundledNameOfFile(given) : undefined
  const hint = bundled ? `; the bundled overlay of that name is \`--patch ${bundled}\`` : ''
  throw new UsageError(`${flag} ${given}: ${what} (${file})${hint}; ${next}`)
}

/** The short name of the bundled overlay whose file is named like `given` (`cordis.snapshot.yml` → snapshot). */
function bundledNameOfFile(given: string): string | undefined {
  const name = basename(given)
  const host = Object.entries(HOST_OVERLAYS).find(([, file]) => file === name)
  if (host) return host[0]
  if (!name.endsWith(OVERLAY_SUFFIX)) return undefined
  const short = name.slice(0, -OVERLAY_SUFFIX.length)
  return bundledOverlayFile(short) ? short : undefined
}

/** A scenario manifest's `composition` name: the project's overlays/<name>.cordis.yml, else the bundle's. */
export function projectOverlayFile(root: string, name: string): string | undefined {
  const own = join(root, 'overlays', `${name}${OVERLAY_SUFFIX}`)
  if (existsSync(own)) return own
  const bundled = packageFile('overlays', `${name}${OVERLAY_SUFFIX}`)
  return existsSync(bundled) ? bundled : undefined
}
