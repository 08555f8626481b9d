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

// An installed dsh holds only package.json `files`: a markdown file its README or docs/ point a user
// to must be one of them (docs/bundle.md), or the user follows a path that is not there. (This
// repository's scenario corpus and its index, scenarios/README.md, are not shipped.)
it('points users only to markdown files the package ships', () => {
  const shipped = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')).files as string[]
  const ships = (path: string) =>
    shipped.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry))
  const userFacing = files.filter(({ path }) => path === 'README.md' || /^docs\/[^/]+\.md$/.test(path))
  const unshipped = userFacing.flatMap(({ path, text }) =>
    [...new Set(text.match(/\b(?:docs|plugins|scenarios\/conformance)\/[\w./-]*\w\.md\b/g) ?? [])]
      .filter((cited) => !ships(cited))
      .map((cited) => `${path} names ${cited}, which package.json "files" does not ship`),
  )
  expect(unshipped).toEqual([])
})
