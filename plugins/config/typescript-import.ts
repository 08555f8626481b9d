// A user's TypeScript plugin under compiled dsh (plain node): loaded through tsx's ESM API
// (`tsImport`), which strips the types with esbuild and keeps Node's module rules. tsx is an
// optional peer dependency: the project installs it (docs/model-providers.md, "TypeScript plugins").
import { ConfigError } from './errors.ts'

type TsImport = (specifier: string, options: { parentURL: string }) => Promise<unknown>

let tsImport: Promise<TsImport | undefined> | undefined

/** tsx's ESM API, or undefined when the project has not installed it. */
const loadTsx = (): Promise<TsImport | undefined> =>
  import('tsx/esm/api').then(
    (api) => api.tsImport as TsImport,
    () => undefined,
  )

export function isTypeScript(url: string): boolean {
  return /\.(ts|mts|cts|tsx)$/.test(new URL(url).pathname)
}

/** Import a `.ts` module through tsx; without tsx, a named error that says what to install. */
export async function importTypeScript(
  entry: { id: string; name: string },
  url: string,
  tsx: () => Promise<TsImport | undefined> = loadTsx,
): Promise<unknown> {
  const load = await (tsx === loadTsx ? (tsImport ??= loadTsx()) : tsx())
  if (!load) {
    throw new ConfigError(
      `entry "${entry.id}": module "${entry.name}" is TypeScript (${new URL(url).pathname}), ` +
        'and dsh loads TypeScript plugins through tsx, which is not installed here: ' +
        'run npm install -D tsx in your project (or point the entry at compiled JavaScript)',
    )
  }
  return load(url, { parentURL: import.meta.url })
}
