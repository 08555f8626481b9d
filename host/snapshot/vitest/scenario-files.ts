// A vite plugin that makes every `scenarios/<name>/snapshot.yml` a vitest test file: vitest's
// `include` names the manifests, and this plugin compiles each into a call of defineScenarioFile
// (scenario-file.ts). So one scenario is one test file: `npx vitest run scenarios/<name>/` loads
// only it, `--shard i/n` spreads scenarios evenly, and watch mode re-runs a scenario when a file
// it depends on changes (watch-files.ts registers them in vite's module graph). A test file calling
// defineSnapshotSuite (dsh/vitest) gets the same for the scenarios it lists.
//
//   // vitest.config.ts
//   plugins: [scenarioFiles()], test: { include: ['scenarios/*/snapshot.yml'] }
import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import type {} from 'vitest/config' // brings vite's Plugin its configureVitest hook
import { defaultConfigFile, patchFile } from '../../../lib/bundled-compositions.ts'
import { escapeRegExp } from '../../../lib/cwd-spellings.ts'
import { ownModule, packageFile } from '../../../lib/package-root.ts'
import { scenarioProjectDefaults } from './scenario-project.ts'

export interface ScenarioFilesOptions {
  /** The folder holding scenarios/; default vite's root. */
  root?: string
  /** Composition file relative to root; default `<root>/cordis.yml`, else the bundle's own. */
  config?: string
  /** Overlay files relative to root, or bundled short names, applied after `config`. */
  patches?: string[]
  /** Run each scenario through the built `dsh` over real stdio instead of in-process. */
  subprocess?: boolean
  /**
   * In dsh's own checkout: load the scenario module, and through it the host and the plugins, from
   * the built dist/ as plain node modules, as an installed dsh does, instead of through vite's
   * transform (a cold run of the corpus then loads ~60 bundled modules instead of transforming
   * ~300 sources). The project must keep dist/ fresh (a global setup) and externalize it
   * (`test.server.deps.external: [builtModules]`). Ignored in watch mode: a worker cannot re-import
   * a rebuilt module, so watching stays on the sources.
   */
  fromBuild?: boolean
}

/** dsh's built modules, for `test.server.deps.external` with `fromBuild` (node loads them, vite does not). */
export const builtModules = new RegExp(`^${escapeRegExp(packageFile('dist'))}[\\\\/]`)

const SUITE_CALL = /\bdefineSnapshotSuite\s*\(/

const MANIFEST = /[\\/]scenarios[\\/]([a-z0-9]+(?:-[a-z0-9]+)*)[\\/]snapshot\.yml$/

/** The module the compiled manifest calls: scenario-file.ts from source, scenario-file.js from dist/. */
const scenarioFileModule = ownModule('host/snapshot/vitest/scenario-file.ts')
const builtScenarioFileModule = packageFile('dist', 'host', 'snapshot', 'vitest', 'scenario-file.js')

export function scenarioFiles(options: ScenarioFilesOptions = {}): Plugin {
  let root = options.root ?? process.cwd()
  // Until vitest says otherwise (a plain vite server has no configureVitest): register watch files.
  let watching = true
  return {
    name: 'dsh:scenario-files',
    enforce: 'pre',
    // A project of scenario files shares dsh's imports and one host composition per worker (scenario-project.ts).
    config(config) {
      const defaults = scenarioProjectDefaults(config.test)
      if (defaults.note) process.stderr.write(`${defaults.note}\n`)
      return { test: defaults.test }
    },
    configResolved(config) {
      root = resolve(config.root, options.root ?? '.')
    },
    configureVitest({ vitest }) {
      watching = vitest.config.watch
    },
    async transform(code, id) {
      const path = id.replace(/\?.*$/s, '')
      const [, scenario] = MANIFEST.exec(path) ?? []
      const composition = [
        options.config === undefined ? defaultConfigFile(root) : resolve(root, options.config),
        ...(options.patches ?? []).map((patch) => resolve(root, patchFile(patch))),
      ]
      if (scenario === undefined || resolve(path, '..', '..', '..') !== root) {
        // A defineSnapshotSuite table re-runs when a file one of its scenarios depends on changes.
        if (watching && SUITE_CALL.test(code) && !path.includes('/node_modules/')) {
          const { suiteWatchFiles } = await import('./watch-files.ts')
          for (const file of suiteWatchFiles(path, code, composition)) this.addWatchFile(file)
        }
        return undefined
      }
      // Watch files cost a read of every manifest per scenario (and loading the manifest parser into
      // vitest's main process); a single run has no use for them.
      if (watching) {
        const { scenarioWatchFiles, sharedSources } = await import('./watch-files.ts')
        for (const file of [...scenarioWatchFiles(root, scenario, composition), ...sharedSources()])
          if (file !== path) this.addWatchFile(file)
      }
      const module = options.fromBuild && !watching ? builtScenarioFileModule : scenarioFileModule
      const call = {
        root,
        config: options.config,
        patches: options.patches,
        subprocess: options.subprocess,
      }
      return {
        code:
          `import { defineScenarioFile } from ${JSON.stringify(module)}\n` +
          `await defineScenarioFile({ url: import.meta.url, ...${JSON.stringify(call)} })\n`,
        map: { mappings: '' },
      }
    },
  }
}
