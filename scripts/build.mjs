#!/usr/bin/env node
// Build dist/ (JavaScript + .d.ts) with tsc -p tsconfig.build.json.
//   node scripts/build.mjs             always build
//   node scripts/build.mjs --clean     remove dist/ first (prepack: a tarball ships no stale module)
//   node scripts/build.mjs --if-stale  only when a source in plugins/, host/ or lib/ is newer than the
//                                      build (prepare after npm ci, and vitest's global setup)
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = dirname(dirname(fileURLToPath(import.meta.url)))
const builtCli = join(root, 'dist', 'host', 'app', 'cli.js')
const mode = process.argv[2]
if (mode !== undefined && mode !== '--clean' && mode !== '--if-stale') {
  process.stderr.write(`scripts/build.mjs: unknown option ${mode}; use --clean or --if-stale\n`)
  process.exit(2)
}

if (mode === '--if-stale' && !stale()) process.exit(0)
if (mode === '--clean') rmSync(join(root, 'dist'), { recursive: true, force: true })
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc')
execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' })

function stale() {
  if (!existsSync(builtCli)) return true
  const builtAt = statSync(builtCli).mtimeMs
  return ['plugins', 'host', 'lib'].some((dir) =>
    readdirSync(join(root, dir), { withFileTypes: true, recursive: true }).some(
      (entry) =>
        entry.isFile() &&
        entry.name.endsWith('.ts') &&
        !entry.name.endsWith('.test.ts') &&
        statSync(join(entry.parentPath, entry.name)).mtimeMs > builtAt,
    ),
  )
}
