import { existsSync, realpathSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { ConfigError } from './errors.ts'
import { isRelativeName } from './rebase.ts'
import { compiled, packageRoot } from '../../lib/package-root.ts'
import { relativeInside } from '../../lib/path-inside.ts'

interface ModuleRequest {
  /** Entry id, named in errors. */
  id: string
  /** The entry's `name`: `./x` / `../x` (relative to baseDir), an absolute path, a file: URL or a package name. */
  name: string
  /** Folder of the composition file that declared the entry. */
  baseDir: string
}

interface ResolveContext {
  /** True when dsh runs from dist/ (plain node), where .ts sources cannot be imported. */
  compiled: boolean
  /** The dsh package root (holds package.json, plugins/, dist/). */
  packageRoot: string
}

/** How this copy of dsh runs (lib/package-root.ts). */
const defaultResolveContext: ResolveContext = { compiled, packageRoot }

/** Resolve an entry's module name to an importable URL, or throw naming the entry and specifier. */
export function resolveEntryModule(request: ModuleRequest, context: ResolveContext = defaultResolveContext): string {
  const { id, name, baseDir } = request
  if (isRelativeName(name) || path.isAbsolute(name) || name.startsWith('file:')) {
    const base = name.startsWith('file:') ? fileURLToPath(name) : path.resolve(baseDir, name)
    const candidates = [base, `${base}.ts`, `${base}.js`, path.join(base, 'index.ts'), path.join(base, 'index.js')]
    const found = candidates.find(isFile)
    if (!found) {
      // An installed dsh ships dist/ without its sources: `./plugins/x` of its cordis.yml is dist/plugins/x.
      const twin = context.compiled ? shippedTwin(base, context.packageRoot) : undefined
      if (twin) return pathToFileURL(twin).href
      throw new ConfigError(
        `entry "${id}": cannot resolve module "${name}" (relative to ${baseDir}); tried ${candidates.join(', ')}; ` +
          `fix the entry's name or create the module`,
      )
    }
    return pathToFileURL(compiledTwin(id, name, found, context)).href
  }
  try {
    return import.meta.resolve(name)
  } catch {
    try {
      // A package installed next to the composition file rather than next to dsh.
      return pathToFileURL(createRequire(path.join(baseDir, 'noop.js')).resolve(name)).href
    } catch {
      throw new ConfigError(
        `entry "${id}": cannot resolve module "${name}": no such package from ${context.packageRoot} or ${baseDir}; ` +
          `install it or fix the entry's name`,
      )
    }
  }
}

/**
 * Under plain node (dist/), a `.ts` source inside the package is swapped for its compiled twin
 * `dist/<same path>.js`, so cordis.yml can keep naming `./plugins/x` in both modes. A `.ts` file
 * of the user's stays: module-cache.ts loads it through tsx.
 */
function compiledTwin(id: string, name: string, file: string, context: ResolveContext): string {
  if (!context.compiled || !file.endsWith('.ts')) return file
  // Through a symlink (a project linking dsh's plugins/), the real path decides.
  const real = (p: string) => (existsSync(p) ? realpathSync(p) : p)
  const relative = relativeInside(real(context.packageRoot), real(file))
  if (relative === undefined) return file
  if (relative.startsWith(`dist${path.sep}`)) {
    throw new ConfigError(
      `entry "${id}": module "${name}" is a TypeScript file inside dsh's dist/ (${file}); name the plugin's folder ` +
        '(e.g. ./plugins/tools) instead',
    )
  }
  const twin = path.join(context.packageRoot, 'dist', relative.replace(/\.ts$/, '.js'))
  if (!isFile(twin)) {
    throw new ConfigError(
      `entry "${id}": module "${name}" has no compiled twin ${twin}; run npm run build in ${context.packageRoot} ` +
        `if dist/ is missing, else name a module dist/ ships (a plugin's folder, e.g. ./plugins/tools)`,
    )
  }
  return twin
}

/** `dist/<path>.js` or `dist/<path>/index.js` for a source path inside the package, when it exists. */
function shippedTwin(base: string, root: string): string | undefined {
  const relative = relativeInside(root, base)
  if (relative === undefined || relative.startsWith(`dist${path.sep}`)) return undefined
  const twin = path.join(root, 'dist', relative.replace(/\.ts$/, ''))
  return [`${twin}.js`, path.join(twin, 'index.js')].find(isFile)
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile()
  } catch {
    return false
  }
}
