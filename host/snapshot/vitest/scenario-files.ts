// A vite plugin that makes every `scenarios/<name>/snapshot.yml` a vitest test file: vitest's
// `include` names the manifests, and this plugin compiles each into a call of defineScenarioFile
// (scenario-file.ts). So one scenario is one test file: `npx vitest run scenarios/<name>/` loads
// only it, `--shard i/n` spreads scenarios evenly, and watch mode re-runs a scenario when a file
// it depends on changes (watch-files.ts registers them in vite's module graph).
//
//   // vitest.config.ts
//   plugins: [scenarioFiles()], test: { include: ['scenarios/*/snapshot.yml'] }
import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import { defaultConfigFile, patchFile } from '../../../lib/bundled-compositions.ts'
import { ownModule } from '../../../lib/package-root.ts'
import { scenarioWatchFiles, sharedSources } from './watch-files.ts'

export interface ScenarioFilesOptions {
  /** The folder holding scenarios/; default vite's root. */
  root?: string
  /** Composition file relative to root; default `<root>/cordis.yml`, else the bundle's own. */
  config?: string
  /** Overlay files relative to root, or bundled short names, applied after `config`. */
  patches?: string[]
  /** Run each scenario through the built `dsh` over real stdio instead of in-process. */
  subprocess?: boolean
}

const MANIFEST = /[\\/]scenarios[\\/]([a-z0-9]+(?:-[a-z0-9]+)*)[\\/]snapshot\.yml$/

/** The module the compiled manifest calls: scenario-file.ts from source, scenario-file.js from dist/. */
const scenarioFileModule = ownModule('host/snapshot/vitest/scenario-file.ts')

export function scenarioFiles(options: ScenarioFilesOptions = {}): Plugin {
  let root = options.root ?? process.cwd()
  return {
    name: 'dsh:scenario-files',
    enforce: 'pre',
    configResolved(config) {
      root = resolve(config.root, options.root ?? '.')
    },
    transform(_code, id) {
      const path = id.split('?')[0]!
      const match = MANIFEST.exec(path)
      if (!match || resolve(path, '..', '..', '..') !== root) return undefined
      const composition = [
        options.config === undefined ? defaultConfigFile(root) : resolve(root, options.config),
        ...(options.patches ?? []).map((patch) => resolve(root, patchFile(patch))),
      ]
      for (const file of [...scenarioWatchFiles(root, match[1]!, composition), ...sharedSources()])
        if (file !== path) this.addWatchFile(file)
      const call = {
        root,
        config: options.config,
        patches: options.patches,
        subprocess: options.subprocess,
      }
      return {
        code:
          `import { defineScenarioFile } from ${JSON.stringify(scenarioFileModule)}\n` +
          `await defineScenarioFile({ url: import.meta.url, ...${JSON.stringify(call)} })\n`,
        map: { mappings: '' },
      }
    },
  }
}
