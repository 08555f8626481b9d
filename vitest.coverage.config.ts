// `npm run coverage`: the coverage gate of the replay plugin, which every test result depends
// on (issue 18). Only llm-replay's own tests run and only plugins/llm-replay is measured.
import { defineConfig } from 'vitest/config'
import base from './vitest.config.ts'

// The base config's projects (unit, scenarios) are left out: this run is one set of files.
const { projects: _projects, ...test } = base.test ?? {}

export default defineConfig({
  test: {
    ...test,
    include: ['plugins/llm-replay/**/*.test.ts'],
    coverage: {
      enabled: true,
      provider: 'v8',
      include: ['plugins/llm-replay/**/*.ts'],
      exclude: ['plugins/llm-replay/**/*.test.ts', 'plugins/llm-replay/test-support/**'],
      reporter: ['text', 'json-summary'],
      reportsDirectory: 'coverage',
      thresholds: { lines: 95, branches: 90 },
    },
  },
})
