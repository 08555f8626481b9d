import { defineConfig } from 'vitest/config'
import { scenarioFiles } from './host/snapshot/vitest/scenario-files.ts'

// Two projects (docs/test-host.md): `unit` (every *.test.ts) and `scenarios`, where each
// scenarios/<name>/snapshot.yml is a test file of its own (the scenarioFiles plugin), so
// `npx vitest run scenarios/text-turn/` loads one scenario and `--shard` spreads scenarios evenly.
export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'lib/**/*.test.ts',
            'plugins/**/*.test.ts',
            'host/**/*.test.ts',
            'bench/**/*.test.ts',
            'scenarios/conformance/**/*.test.ts',
          ],
          // Subprocess tests run the built dsh: rebuild dist/ first when a source is newer.
          globalSetup: ['host/snapshot/vitest/global-setup.ts'],
        },
      },
      {
        extends: true,
        plugins: [scenarioFiles()],
        test: {
          name: 'scenarios',
          include: ['scenarios/*/snapshot.yml', 'scenarios/*.test.ts'],
          // Scenario files share one module cache per worker: each run boots its own composition,
          // so only the import of the host and plugins is shared (once per worker, not per scenario).
          isolate: false,
        },
      },
    ],
  },
})
