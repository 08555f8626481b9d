// The vitest environment of the scenario files (vitest.config.ts, project `scenarios`): node's own,
// plus a host composition shared by the worker's scenario files, disposed when the worker stops
// (vitest sets an environment up once per worker and tears it down at its end). See shared-hosts.ts.
import { builtinEnvironments, type Environment } from 'vitest/environments'
import { closeSharedHosts, openSharedHosts } from './shared-hosts.ts'

export default {
  name: 'dsh-scenarios',
  viteEnvironment: 'ssr',
  async setup(global, options) {
    const node = await builtinEnvironments.node.setup(global, options)
    openSharedHosts()
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
