import { availableParallelism } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'
import { builtModules, scenarioFiles } from './host/snapshot/vitest/scenario-files.ts'

const unitFiles = [
  'lib/**/*.test.ts',
  'plugins/**/*.test.ts',
  'host/**/*.test.ts',
  'bench/**/*.test.ts',
  'scenarios/conformance/**/*.test.ts',
  'scenarios/*.test.ts',
]
// A test file that replaces a module (vi.mock) or leaves module state it cannot undo needs a worker of its own.
const isolatedFiles = '**/*.isolated.test.ts'
/**
 * End-to-end tests (real `dsh` processes by the dozen, nested vitest runs, npm install), tests of one
 * real `dsh` process each (`*.process.test.ts`: signals, pipes, process groups) and soaks: the step
 * `npm run test:e2e` (vitest.e2e.config.ts), which CI runs after `npm test`.
 */
export const e2eFiles = ['**/*.e2e.test.ts', '**/*.process.test.ts', '**/*.soak.test.ts']
// Subprocess tests and the scenario files run the built dsh: rebuild dist/ first when a source is newer.
const buildWhenStale = 'host/snapshot/vitest/global-setup.ts'

// Three projects (docs/test-host.md): `unit` holds the *.test.ts files; `isolated` the
// *.isolated.test.ts files, each in a fresh worker; `scenarios` every scenarios/<name>/snapshot.yml,
// a test file of its own through the scenarioFiles plugin (so `npx vitest run scenarios/text-turn/`
// loads one scenario, `npx vitest run --project scenarios` all of them, and `--shard` spreads them
// evenly). `npm test` runs all three; the end-to-end files are left to `npm run test:e2e`.
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Many files wait on child processes (dsh, bash, npm): two workers more than the cores keep them
    // busy (on 2 cores 4 workers gave 44 s, 3 gave 45 s, 6 gave 53 s; docs/benchmarks.md).
    maxWorkers: availableParallelism() + 2,
    // Files share a worker's module graph (isolate: false), so a stubbed variable must not outlive its file.
    unstubEnvs: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: unitFiles,
          // A project the end-to-end tests copy (its own vitest file runs there, not here).
          exclude: [...configDefaults.exclude, isolatedFiles, ...e2eFiles, 'host/app/test-support/provider-project/**'],
          // Files run one after another in a worker and share its imports: a file must leave
          // process.env, the cwd and its listeners as it found them (docs/test-host.md).
          isolate: false,
          globalSetup: [buildWhenStale],
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: [isolatedFiles] },
      },
      {
        extends: true,
        // The host and plugins come from the built dist/ (plain node, ~60 bundled modules) instead of
        // ~300 transformed sources, once, in one worker whose files share it (docs/test-host.md).
        plugins: [scenarioFiles({ fromBuild: true })],
        test: {
          name: 'scenarios',
          include: ['scenarios/*/snapshot.yml'],
          // node's, plus one host composition per worker for its scenario files, disposed at its end.
          environment: './host/snapshot/vitest/scenario-environment.ts',
          isolate: false,
          maxWorkers: 1,
          // After the unit files, so the one worker does not wait behind them for a core.
          sequence: { groupOrder: 1 },
          server: { deps: { external: [builtModules] } },
          globalSetup: [buildWhenStale],
        },
      },
    ],
  },
})
