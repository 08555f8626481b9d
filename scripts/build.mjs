#!/usr/bin/env node
// Build dist/: the .d.ts files with tsc -p tsconfig.build.json, the JavaScript as one esbuild
// bundle split at its entry points (docs/cli-startup.md, "A bundled dist/"): the CLI, the plugins,
// the package's exports and the modules loaded by path. A dsh process then loads about 60
// modules instead of about 220 (zod alone is 97 files, 64 of them locales nothing uses).
//   node scripts/build.mjs             always build (npm run build)
//   node scripts/build.mjs --clean     the same (prepack says it: a tarball ships no stale module)
//   node scripts/build.mjs --if-stale  only when a source in plugins/, host/ or lib/ is newer than the
//                                      build (prepare after npm ci, and vitest's global setup)
// Every build starts from an empty folder beside dist/ and replaces dist/ whole when it is done:
// chunk names carry hashes, so an old build's chunks would otherwise stay behind, and a dsh process
// or a second vitest run using dist/ meanwhile (or a build that fails) never sees half a build.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { build } from 'esbuild'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIsStale } from './build-stale.mjs'

const root = dirname(dirname(fileURLToPath(import.meta.url)))
const mode = process.argv[2]
if (mode !== undefined && mode !== '--clean' && mode !== '--if-stale') {
  process.stderr.write(`scripts/build.mjs: unknown option ${mode}; use --clean or --if-stale\n`)
  process.exit(2)
}

if (mode === '--if-stale' && !buildIsStale(root)) process.exit(0)
const dist = join(root, 'dist')
const building = join(root, `.dist-building-${process.pid}`)
removeAbandoned()
try {
  await buildInto(building)
  swapIn(building)
} finally {
  rmSync(building, { recursive: true, force: true })
}

async function buildInto(outdir) {
  const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc')
  const tsconfig = join(root, 'tsconfig.build.json')
  execFileSync(process.execPath, [tsc, '-p', tsconfig, '--emitDeclarationOnly', '--outDir', outdir], {
    cwd: root,
    stdio: 'inherit',
  })
  await build(bundleOptions(outdir))
}

/** The working folders of builds that were killed before they could remove them. */
function removeAbandoned() {
  for (const name of readdirSync(root)) {
    const pid = /^\.dist-(?:building|old)-(\d+)$/.exec(name)?.[1]
    if (pid && !isRunning(Number(pid))) rmSync(join(root, name), { recursive: true, force: true })
  }
}

// lib/process has this check too, but a build script runs before there is a build to import.
function isRunning(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}

/**
 * dist/ is moved aside and the new build renamed into its place. When two builds finish together,
 * the one that finds dist/ already replaced leaves it: both built the same sources.
 */
function swapIn(built) {
  const old = join(root, `.dist-old-${process.pid}`)
  try {
    renameSync(dist, old)
  } catch (error) {
    if (error.code !== 'ENOENT') throw error
  }
  try {
    renameSync(built, dist)
  } catch (error) {
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
  }
  rmSync(old, { recursive: true, force: true })
}

function bundleOptions(outdir) {
  return {
    entryPoints: entryPoints(),
    absWorkingDir: root,
    outdir,
    outbase: root,
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Error classes and plugins are named in messages and by Cordis.
    keepNames: true,
    // Cordis and its loader stay single copies shared with the user's own plugins; the rest (zod,
    // the ACP SDK, the YAML parser) is dsh's private business. vitest, puppeteer and typescript
    // are the user's or the tests'; tsx (loading a user's TypeScript plugins) is the user's.
    // dsh mutate's instrumenter and esbuild (stripping types from instrumented TypeScript) are the user's too.
    external: [
      'cordis',
      '@cordisjs/plugin-loader',
      'vitest',
      'vite',
      'puppeteer-core',
      '@sparticuz/chromium',
      'tsx',
      '@stryker-mutator/instrumenter',
      'esbuild',
    ],
    plugins: [zodEnglishOnly()],
    logLevel: 'warning',
  }
}

/**
 * zod's `locales` namespace re-exports its 64 message languages; dsh's zod speaks English only
 * (zod's default), so the bundle keeps `en` and leaves about 300 KB that every start would parse.
 */
function zodEnglishOnly() {
  return {
    name: 'zod-english-only',
    setup(build) {
      build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
        contents: "export { default as en } from './en.js'\n",
        resolveDir: dirname(args.path),
      }))
    },
  }
}

/** Modules something loads by name or path: kept as files of their own (the rest lives in chunks). */
function entryPoints() {
  const plugins = readdirSync(join(root, 'plugins'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `plugins/${entry.name}/index.ts`)
  return [
    'host/app/cli.ts',
    ...onDemandCliModules(),
    'host/index.ts',
    'host/snapshot/vitest/index.ts',
    'host/snapshot/vitest/scenario-file.ts',
    // The scenario files' vitest environment, which scenarioFiles() names by path (scenario-project.ts).
    'host/snapshot/vitest/scenario-environment.ts',
    'host/snapshot/service/service.ts',
    // dsh test --jobs forks it by path (host/snapshot/run/jobs/worker-process.ts).
    'host/snapshot/run/jobs/worker.ts',
    // dsh mutate forks it by path (host/mutate/worker-process.ts).
    'host/mutate/worker.ts',
    ...plugins,
  ]
}

/**
 * The modules of host/app/cli/ that the CLI imports on demand (`import('./serve.ts')` in
 * host/app/cli/commands.ts, the failure report, the scope file, …): each keeps its own file
 * (dist/host/app/cli/<name>.js), so `dsh --help` visibly loads none of them
 * (host/app/cli-imports.test.ts). The other modules there (the help, the option parsing, the stdout
 * guard) live in chunks like any shared code: as entries of their own they split the code around
 * them into more, smaller chunks, and a `dsh serve` start loaded 5 more modules for it.
 */
function onDemandCliModules() {
  const cli = join(root, 'host', 'app', 'cli')
  const sources = [
    join(root, 'host', 'app', 'cli.ts'),
    ...readdirSync(cli)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => join(cli, name)),
  ]
  const found = new Set()
  for (const file of sources)
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/\bimport\('(\.{1,2}\/[^']+\.ts)'\)/g)) {
      const target = resolve(dirname(file), specifier)
      if (dirname(target) === cli) found.add(relative(root, target).split('\\').join('/'))
    }
  return [...found].sort()
}
