// One host composition per vitest worker for the scenario files of the scenarioFiles plugin, as
// `dsh test` runs the corpus in one: booted by the first scenario that needs it, reconfigured by the
// snapshot service for each next one, disposed when the worker stops. Only a worker whose
// environment disposes them shares hosts (scenario-environment.ts opens and closes the registry);
// elsewhere each scenario boots and disposes its own. The registry lives on globalThis, so the
// environment (loaded by vitest) and the scenario module (possibly from dist/) see the same one.
// No runtime import here: the environment must not load the host.
import type { HostComposition } from '../run/host-composition.ts'

const REGISTRY = Symbol.for('dsh.vitest.sharedHosts')
type Registry = Map<string, Promise<HostComposition>>
const store = globalThis as { [REGISTRY]?: Registry }

/** From now on, scenario files in this process share host compositions (the environment's setup). */
export function openSharedHosts(): void {
  store[REGISTRY] ??= new Map()
}

/**
 * The host composition for `key`, booted on first use by `boot`; undefined when no registry is
 * open (nobody would dispose it). A failed boot is forgotten, so the next scenario tries again.
 */
export function sharedHost(key: string, boot: () => Promise<HostComposition>): Promise<HostComposition> | undefined {
  const hosts = store[REGISTRY]
  if (!hosts) return undefined
  let host = hosts.get(key)
  if (!host) {
    host = boot()
    hosts.set(key, host)
    host.catch(() => hosts.delete(key))
  }
  return host
}

/** Dispose every shared host and close the registry (the environment's teardown); a failure is rethrown. */
export async function closeSharedHosts(): Promise<void> {
  const hosts = store[REGISTRY]
  delete store[REGISTRY]
  if (!hosts) return
  const booted = await Promise.allSettled(hosts.values())
  const disposed = await Promise.allSettled(
    booted.flatMap((result) => (result.status === 'fulfilled' ? [result.value.dispose()] : [])),
  )
  const failures = disposed.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))
  if (failures.length) throw new AggregateError(failures, "disposing the scenario files' host composition failed")
}
