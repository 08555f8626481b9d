// The vitest environment of the scenario files (vitest.config.ts, project `scenarios`): node's own,
// plus, in a single run, a host composition shared by the worker's scenario files, disposed when the
// worker stops (vitest sets an environment up once per worker and tears it down at its end). See
// shared-hosts.ts. Not in watch mode: a worker lives across re-runs, and a host booted before an
// edit would keep running the plugins as they were.
import { builtinEnvironments, type Environment } from 'vitest/runtime'
import { closeSharedHosts, openSharedHosts } from './shared-hosts.ts'

export default {
  name: 'dsh-scenarios',
  viteEnvironment: 'ssr',
  async setup(global, options) {
    const node = await builtinEnvironments.node.setup(global, options)
    // vitest sets VITEST_MODE in its workers.
    if (process.env.VITEST_MODE === 'RUN') openSharedHosts()
    return {
      async teardown(global) {
        try {
          await closeSharedHosts()
        } finally {
          await node.teardown(global)
        }
      },
    }
  },
} satisfies Environment
