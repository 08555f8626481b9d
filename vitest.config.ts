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
// A test file that replaces a module (vi.mock) or leaves module state it cannot undo needs a worker of its own.
const isolatedFiles = '**/*.isolated.test.ts'

// Two projects (docs/test-host.md): `unit` holds every *.test.ts and, through the scenarioFiles
// plugin, every scenarios/<name>/snapshot.yml as a test file of its own (so `npx vitest run
// scenarios/text-turn/` loads one scenario, `npx vitest run snapshot.yml` all of them, and `--shard`
// spreads them evenly); `isolated` holds *.isolated.test.ts, each in a fresh worker.
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
        plugins: [scenarioFiles()],
        test: {
          name: 'unit',
          include: [...unitFiles, 'scenarios/*/snapshot.yml', 'scenarios/*.test.ts'],
          exclude: [...configDefaults.exclude, isolatedFiles],
          // Files run one after another in a worker and share its imports: a file must leave
          // process.env, the cwd and its listeners as it found them (docs/test-host.md). The
          // scenario files come last (they are the shortest) and reuse the host the unit files loaded.
          isolate: false,
          // Subprocess tests run the built dsh: rebuild dist/ first when a source is newer.
          globalSetup: ['host/snapshot/vitest/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: [isolatedFiles] },
      },
    ],
  },
})
