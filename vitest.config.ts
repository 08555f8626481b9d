import { availableParallelism } from 'node:os'
import { configDefaults, defineConfig } from 'vitest/config'
import { scenarioFiles } from './host/snapshot/vitest/scenario-files.ts'

const unitFiles = [
  'lib/**/*.test.ts',
  'plugins/**/*.test.ts',
  'host/**/*.test.ts',
  'bench/**/*.test.ts',
  'scenarios/conformance/**/*.test.ts',
]
// A test file that replaces a module (vi.mock) or counts the process's own timers, descriptors and
// children needs a worker of its own.
const isolatedFiles = '**/*.isolated.test.ts'

// Three projects (docs/test-host.md): `unit` (every *.test.ts), `isolated` (*.isolated.test.ts) and
// `scenarios`, where each scenarios/<name>/snapshot.yml is a test file of its own (the scenarioFiles
// plugin), so `npx vitest run scenarios/text-turn/` loads one scenario and `--shard` spreads them evenly.
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
          exclude: [...configDefaults.exclude, isolatedFiles],
          // Files run one after another in a worker and share its imports: a file must leave
          // process.env, the cwd and its listeners as it found them (docs/test-host.md).
          isolate: false,
          // Subprocess tests run the built dsh: rebuild dist/ first when a source is newer.
          globalSetup: ['host/snapshot/vitest/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: [isolatedFiles] },
      },
      {
        extends: true,
        plugins: [scenarioFiles()],
        test: {
          name: 'scenarios',
          // After the unit files, in one worker that gets them all: a worker's first import of the
          // host costs more than its share of ~46 short replays (npm test: 44 s -> 40 s on 2 cores).
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
          include: ['scenarios/*/snapshot.yml', 'scenarios/*.test.ts'],
          // Scenario files share one module cache per worker: each run boots its own composition,
          // so only the import of the host and plugins is shared (once per worker, not per scenario).
          isolate: false,
        },
      },
    ],
  },
})
