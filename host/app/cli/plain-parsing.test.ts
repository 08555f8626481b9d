// A command that serves one agent parses its schemas plainly (lib/zod-plain.ts): the built bin is
// run with a preload that counts the parsers zod compiles (`new Function` over a parse's payload).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packageRoot } from '../../../lib/package-root.ts'

const COUNT_COMPILES = `import { writeFileSync } from 'node:fs'
let compiled = 0
const Plain = globalThis.Function
globalThis.Function = new Proxy(Plain, {
  construct(target, args) {
    if (String(args.at(-1)).includes('payload')) compiled++
    return Reflect.construct(target, args)
  },
})
process.on('exit', () => writeFileSync(process.env.DSH_COMPILE_COUNT, String(compiled)))
`
// zod keeps its settings in this global: with the setting ignored, the same run shows what it compiles.
const IGNORE_PLAIN = `globalThis.__zod_globalConfig = Object.defineProperty({}, 'jitless', {
  get: () => false,
  set() {},
  enumerable: true,
})
`

let dir: string
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dsh-plain-parsing-'))
  writeFileSync(path.join(dir, 'count.mjs'), COUNT_COMPILES)
  writeFileSync(path.join(dir, 'ignore-plain.mjs'), IGNORE_PLAIN)
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** How many parsers `dsh <argv>` compiled (its stdin at its end at once); it must exit 0. */
function compiledBy(argv: string[], preloads: string[] = []): number {
  const count = path.join(dir, `count-${argv[0]}-${preloads.length}.txt`)
  const imports = [...preloads, 'count.mjs'].flatMap((file) => ['--import', path.join(dir, file)])
  const result = spawnSync(process.execPath, [...imports, path.join(packageRoot, 'bin', 'dsh.js'), ...argv], {
    cwd: packageRoot,
    encoding: 'utf8',
    input: '',
    env: { PATH: process.env.PATH, DSH_COMPILE_COUNT: count, DSH_SNAPSHOT_FILE: 'scenarios/text-turn/session.jsonl' },
  })
  if (result.status !== 0) throw new Error(`dsh ${argv.join(' ')} exited ${result.status}: ${result.stderr}`)
  return Number(readFileSync(count, 'utf8'))
}

describe('which commands compile zod parsers', () => {
  const serve = ['serve', '--config', 'cordis.yml', '--patch', 'cordis.snapshot.yml']

  it('dsh serve loading a replay fixture parses plainly, where zod would have compiled parsers', () => {
    expect(compiledBy(serve)).toBe(0)
    expect(compiledBy(serve, ['ignore-plain.mjs'])).toBeGreaterThan(5)
  })

  it('other commands keep the compiled parsers', () => {
    expect(compiledBy(['config'])).toBeGreaterThan(0)
  })
})
