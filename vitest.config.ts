import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'plugins/**/*.test.ts',
      'host/**/*.test.ts',
      'lib/**/*.test.ts',
      'scenarios/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    globalSetup: ['host/vitest/global-setup.ts'],
  },
})
