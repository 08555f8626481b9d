// The product's source lines that match a pattern, as `file:line: text`: the guards that keep a
// notation or a construct out of the tree (zod-notation.test.ts, honest-casts.test.ts) scan with it.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { packageRoot } from '../../lib/package-root.ts'

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path)
    return name.endsWith('.ts') ? [path] : []
  })
}

/** Every line of host/, lib/, plugins/ and bench/ (tests included) matching `pattern`, unless `skip(file)`. */
export function linesMatching(pattern: RegExp, skip: (file: string) => boolean = () => false): string[] {
  return ['host', 'lib', 'plugins', 'bench'].flatMap((top) =>
    sources(join(packageRoot, top))
      .map((path) => ({ path, file: relative(packageRoot, path) }))
      .filter(({ file }) => !skip(file))
      .flatMap(({ path, file }) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .map((line, index) => ({ line, at: `${file}:${index + 1}` }))
          .filter(({ line }) => pattern.test(line))
          .map(({ line, at }) => `${at}: ${line.trim()}`),
      ),
  )
}
