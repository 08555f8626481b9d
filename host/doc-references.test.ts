// The repository documents itself: every `docs/<name>.md` any file names exists, and nothing cites
// a design document kept outside the repository (the shared contracts are docs/design.md).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, it } from 'vitest'
import { packageRoot } from '../lib/package-root.ts'

const SKIP = new Set(['node_modules', 'dist', '.git', 'coverage'])
const TEXT = /\.(ts|mjs|js|md|yml|yaml|json)$/

function textFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return []
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return textFiles(path)
    return TEXT.test(name) && name !== 'package-lock.json' ? [path] : []
  })
}

const files = textFiles(packageRoot).map((path) => ({
  path: relative(packageRoot, path),
  text: readFileSync(path, 'utf8'),
}))
const docs = new Set(readdirSync(join(packageRoot, 'docs')))

it('names only docs that exist', () => {
  const missing = files.flatMap(({ path, text }) =>
    [...text.matchAll(/\bdocs\/([a-z0-9-]+\.md)\b/g)]
      // Scenario fixtures name files of their own workspaces (a notes file under their docs/ is data).
      .filter((match) => !docs.has(match[1]!) && !(path.startsWith('scenarios/') && !path.endsWith('.md')))
      .map((match) => `${path} names docs/${match[1]}, which does not exist`),
  )
  expect(missing).toEqual([])
})

it('cites no design document outside the repository', () => {
  const outside = files.flatMap(({ path, text }) =>
    /\bDESIGN §|\.\.\/shared\//.test(text) && path !== 'host/doc-references.test.ts'
      ? [`${path} cites a document outside the repository; cite docs/design.md`]
      : [],
  )
  expect(outside).toEqual([])
})
