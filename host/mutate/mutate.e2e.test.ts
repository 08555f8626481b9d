// `dsh mutate` end to end on dsh's own corpus (read only): a small sample runs, writes its JSON,
// and leaves the source byte-identical and no scratch copy behind; a SIGINT mid-run does too.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { packageRoot } from '../../lib/package-root.ts'
import { MutateJsonSchema } from './report-json.ts'

const TARGET = 'plugins/acp/projection.ts'
const base = mkdtempSync(join(tmpdir(), 'dsh-mutate-e2e-'))
// The cache and the scratch copies land here, not in the user's cache or the machine's temp folder.
const env = { ...process.env, XDG_CACHE_HOME: join(base, 'cache'), TMPDIR: join(base, 'tmp'), NO_COLOR: '1' }
afterAll(() => rmSync(base, { recursive: true, force: true }))

function mutate(args: string[], onStderr?: (text: string, stop: () => void) => void) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [join(packageRoot, 'bin', 'dsh.js'), 'mutate', ...args], {
      cwd: packageRoot,
      env,
    })
    const out = { stdout: '', stderr: '' }
    child.stdout.on('data', (chunk: Buffer) => (out.stdout += chunk))
    child.stderr.on('data', (chunk: Buffer) => {
      out.stderr += chunk
      onStderr?.(out.stderr, () => child.kill('SIGINT'))
    })
    child.on('close', (code) => resolve({ code, ...out }))
  })
}

const scratchLeft = () => readdirSync(join(base, 'tmp')).filter((name) => name.startsWith('dsh-mutate-'))

it('runs a sample, reports it as JSON and text, and leaves the source and no scratch copy behind', async () => {
  const before = readFileSync(join(packageRoot, TARGET))
  const json = join(base, 'out.json')
  rmSync(join(base, 'tmp'), { recursive: true, force: true })
  mkdirSync(join(base, 'tmp'), { recursive: true })
  const { code, stdout } = await mutate([TARGET, '--sample', '4', '--jobs', '1', '--json', json])
  expect(code).toBe(0)
  const report = MutateJsonSchema.parse(JSON.parse(readFileSync(json, 'utf8')))
  expect(report.total.total).toBe(4)
  expect(report.files[TARGET]!.total).toBe(4)
  expect(stdout).toMatch(/^total\s+\d+\s+\d+\s+\d+\s+\d+\s+4\s/m)
  expect(readFileSync(join(packageRoot, TARGET)).equals(before)).toBe(true)
  expect(scratchLeft()).toEqual([])
  // A second run reads every result from the cache.
  const again = await mutate([TARGET, '--sample', '4', '--jobs', '1'])
  expect(again.stderr).toContain('dsh mutate: 4 mutants from the cache')
}, 300_000)

it('stops at SIGINT with the source byte-identical and the scratch copies gone', async () => {
  const before = readFileSync(join(packageRoot, TARGET))
  let sent = false
  const { stderr } = await mutate([TARGET, '--sample', '30', '--jobs', '1', '--no-cache'], (text, stop) => {
    if (!sent && /^(killed|survived|timeout) /m.test(text)) {
      sent = true
      stop()
    }
  })
  expect(sent).toBe(true)
  expect(stderr).toContain('dsh mutate: SIGINT; finishing the running mutant')
  expect(readFileSync(join(packageRoot, TARGET)).equals(before)).toBe(true)
  expect(scratchLeft()).toEqual([])
}, 300_000)
