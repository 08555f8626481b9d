import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'lib/**/*.test.ts',
      'plugins/**/*.test.ts',
      'host/**/*.test.ts',
      'scenarios/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    globalSetup: ['host/snapshot/vitest/global-setup.ts'],
  },
})
