// `dsh --help` imports the CLI's table of commands and their help, not the commands' code:
// the built bin is run with a module hook that records every module it resolves. dist/ is a
// bundle (scripts/build.mjs): each command is an entry of its own, shared code lives in chunks,
// so what --help must not load is also looked for in the chunks it loads, by name.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../../lib/package-root.ts'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dsh-cli-imports-'))
  writeFileSync(
    path.join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs'
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context)
  appendFileSync(process.env.DSH_IMPORT_TRACE, result.url + '\\n')
  return result
}
`,
  )
  writeFileSync(
    path.join(dir, 'register.mjs'),
    `import { register } from 'node:module'\nregister('./hooks.mjs', import.meta.url)\n`,
  )
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The package-relative paths of the modules `dsh <argv>` imported (node builtins left out). */
function importsOf(argv: string[]): { status: number | null; modules: string[] } {
  const trace = path.join(dir, `trace-${argv.join('-')}.txt`)
  writeFileSync(trace, '')
  const result = spawnSync(
    process.execPath,
    ['--import', path.join(dir, 'register.mjs'), path.join(packageRoot, 'bin', 'dsh.js'), ...argv],
    { cwd: packageRoot, encoding: 'utf8', env: { ...process.env, DSH_IMPORT_TRACE: trace } },
  )
  const modules = readFileSync(trace, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .map((url) => path.relative(packageRoot, new URL(url).pathname))
  return { status: result.status, modules }
}

describe('what a dsh command imports', () => {
  it('--help loads the command table and help, no command module and no dependency', () => {
    const { status, modules } = importsOf(['--help'])
    expect(status).toBe(0)
    expect(modules).toContain('dist/host/app/cli.js')
    for (const name of ['serve', 'config', 'test', 'review', 'new', 'conformance', 'describe-failure'])
      expect(modules).not.toContain(`dist/host/app/cli/${name}.js`)
    expect(modules.filter((module) => module.startsWith('node_modules/'))).toEqual([])
    const loaded = [...new Set(modules)]
      .map((module) => readFileSync(path.join(packageRoot, module), 'utf8'))
      .join('\n')
    // The help table is there; the boot, zod and the ACP SDK are not (each by a name it defines).
    expect(loaded).toContain('serveHelp = {')
    for (const absent of ['function bootComposition', '$constructor("ZodType"', 'var RequestError = class'])
      expect(loaded).not.toContain(absent)
  })

  it('a command loads its own module, not the others', () => {
    const { status, modules } = importsOf(['config'])
    expect(status).toBe(0)
    expect(modules).toContain('dist/host/app/cli/config.js')
    for (const name of ['serve', 'test', 'conformance']) expect(modules).not.toContain(`dist/host/app/cli/${name}.js`)
  })

  it('a failing command still reports through the failure module', () => {
    const { status, modules } = importsOf(['config', '--config', 'package.json'])
    expect(status).toBe(1)
    expect(modules).toContain('dist/host/app/cli/describe-failure.js')
  })

  it('keeps a file of its own for each module imported on demand, and only for those', () => {
    const cli = (name: string) => path.join(packageRoot, 'dist', 'host', 'app', 'cli', `${name}.js`)
    for (const name of ['serve', 'config', 'describe-failure', 'scope-option']) expect(existsSync(cli(name))).toBe(true)
    // Shared code lives in chunks: as files of their own they split the code around them into more modules.
    for (const name of ['command-help', 'on-demand', 'stdout-guard']) expect(existsSync(cli(name))).toBe(false)
  })
})
