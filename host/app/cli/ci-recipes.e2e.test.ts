// The CI recipes of docs/ci.md, run as far as one machine allows: each recipe's YAML is read
// from the page, its shard commands run one after another on a scratch project (the matrix
// value or GitLab's CI_NODE_INDEX / CI_NODE_TOTAL filled in), its artifacts' paths must hold the
// blobs, and its merge command must give one passing report of every scenario.
import { execFile } from 'node:child_process'
import { cpSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import yaml from 'js-yaml'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { globToRegExp } from '../../snapshot/scenario/select.ts'
import { scratchProject } from '../../snapshot/test-support/scratch-project.ts'

const NAMES = ['text-turn', 'read-file', 'list-dir']
const page = readFileSync(packageFile('docs', 'ci.md'), 'utf8')
const recipes = [...page.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => yaml.load(m[1]!) as Record<string, any>)
const cleanups: Array<() => void> = []
afterAll(() => {
  for (const cleanup of cleanups) cleanup()
})

/** Runs a recipe's command line in a fresh scratch project, with the built dsh for `npx dsh`. */
async function sh(root: string, line: string, env: Record<string, string> = {}): Promise<string> {
  const command = line.replaceAll('npx dsh ', `node ${packageFile('bin', 'dsh.js')} `)
  const { stdout } = await promisify(execFile)('bash', ['-c', command], { cwd: root, env: { ...process.env, ...env } })
  return stdout
}

function project(label: string): string {
  const scratch = scratchProject(label)
  cleanups.push(() => scratch.remove())
  for (const name of NAMES)
    cpSync(packageFile('scenarios', name), join(scratch.root, 'scenarios', name), { recursive: true })
  return scratch.root
}

/** GitHub's expression for the matrix value, as the recipe writes it. */
const MATRIX_SHARD = /\$\{\{ matrix\.shard \}\}/g

const dshLines = (lines: Array<string | { run?: string }>) =>
  lines.map((step) => (typeof step === 'string' ? step : (step.run ?? ''))).filter((line) => line.includes('npx dsh'))

function expectArtifacts(root: string, patterns: string[]): void {
  const blobs = readdirSync(root).filter((name) => name.startsWith('dsh-report-'))
  expect(blobs.length).toBeGreaterThan(1)
  for (const blob of blobs)
    expect(
      patterns.some((p) => globToRegExp(p).test(blob)),
      blob,
    ).toBe(true)
}

describe('docs/ci.md', () => {
  it('has a GitHub Actions matrix and a GitLab parallel job', () => {
    expect(recipes).toHaveLength(2)
  })

  it('GitHub Actions: the matrix shards, upload, merge and give one report of all scenarios', async () => {
    const { shard, merge } = recipes[0]!.jobs
    const root = project('ci-github')
    const [test] = dshLines(shard.steps)
    for (const index of shard.strategy.matrix.shard as number[])
      await sh(root, test!.replace(MATRIX_SHARD, String(index)))
    const upload = shard.steps.find((s: { uses?: string }) => s.uses?.startsWith('actions/upload-artifact'))
    expectArtifacts(root, [upload.with.path.replace(MATRIX_SHARD, '*')])
    const [mergeLine] = dshLines(merge.steps)
    expect(await sh(root, mergeLine!)).toMatch(/\n3 passed, 0 failed\n$/)
    expect(readdirSync(root)).toContain(merge.steps.at(-1).with.path)
  }, 180_000)

  it('GitLab CI: the parallel shards, artifacts, merge and give one report of all scenarios', async () => {
    const root = project('ci-gitlab')
    const shard = recipes[1]!['dsh-shard']
    const [test] = dshLines(shard.script)
    for (let index = 1; index <= shard.parallel; index++)
      await sh(root, test!, { CI_NODE_INDEX: String(index), CI_NODE_TOTAL: String(shard.parallel) })
    expectArtifacts(root, shard.artifacts.paths)
    const report = recipes[1]!['dsh-report']
    expect(report.needs).toEqual(['dsh-shard'])
    const [mergeLine] = dshLines(report.script)
    expect(await sh(root, mergeLine!)).toMatch(/\n3 passed, 0 failed\n$/)
    expect(readdirSync(root)).toEqual(expect.arrayContaining(report.artifacts.paths))
  }, 180_000)
})
