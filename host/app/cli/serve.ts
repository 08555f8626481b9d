import { bootComposition } from '../../../plugins/config/boot.ts'
import { watchForShutdown } from '../shutdown.ts'
import type { CliCommand } from './command.ts'
import { serveHelp } from './command-help.ts'
import { compositionArgs } from './composition-options.ts'
import { holdAdapterKeys, loadDotEnvIfLive } from './live-key.ts'
import { routeConsoleToStderr } from './stdout-guard.ts'

const SLOW_DISPOSE_MS = 10_000
/** A person who starts dsh at a terminal sees nothing otherwise (an editor never gives it a terminal stdin). */
const TERMINAL_NOTE =
  'dsh: this is the ACP agent; it speaks JSON-RPC on stdin/stdout for an editor. To talk to it here, run ' +
  '`dsh chat` (or `dsh prompt "TEXT"`); Ctrl-D ends this one.'

/**
 * `dsh serve` (the default command): boot the composition and run until stdin EOF, SIGTERM or
 * SIGINT; then await every plugin's disposal and exit 0. A composition with the snapshot host
 * (overlays/snapshot-host.cordis.yml) runs its scenarios instead and exits with their verdict.
 */
export const serveCommand: CliCommand = {
  ...serveHelp,
  async run({ values }, io) {
    const log = (line: string) => io.stderr(`${line}\n`)
    // Before anything else, so that a signal during boot is graceful too.
    const watch = watchForShutdown({ log })
    try {
      routeConsoleToStderr()
      const { configFile, patches } = compositionArgs(values)
      await loadDotEnvIfLive({ configFile, patches }, io.env)

      // The scope file and its schemas are loaded only for the test host's --scope (an editor passes none).
      const scopeFile =
        values.scope === undefined ? undefined : await (await import('./scope-option.ts')).readScope(values)
      const booted = await bootComposition({ configFile, patches, env: io.env, log, scope: scopeFile?.scope })
      // The test host recording with --stub: the adapters answer from its model server. Loaded only
      // then (as the hosted scenarios below): an editor's `dsh serve` does not pay for the test host.
      if (scopeFile?.modelStub) {
        const { stubModels } = await import('../../snapshot/service/model-stub.ts')
        await stubModels(booted.ctx, scopeFile.modelStub)
      }
      holdAdapterKeys(booted.ctx, log)
      // With the snapshot host in the composition, dsh runs its scenarios and exits with their verdict.
      const snapshot = booted.ctx.get('snapshot')
      let code = 0
      let reason: string
      if (snapshot) {
        // With its report's formatting, diffs and digest: none of it is loaded to serve an editor.
        const { runHostedScenarios } = await import('./hosted-scenarios.ts')
        code = await runHostedScenarios(booted.ctx, snapshot, io, watch.requested)
        reason = 'scenarios done'
      } else {
        if (io.isTTY?.stdin) log(TERMINAL_NOTE)
        // ACP on stdio, for whichever acp entry runs (a restarted one is attached again).
        booted.ctx.inject(['acp'], (ctx) => void ctx.acp.serveStdio())
        watch.watchStdin()
        reason = await watch.requested
      }
      // Disposal has no deadline (a disposer may be flushing logs), but it never waits silently.
      const slow = setInterval(
        () =>
          log(
            `dsh: shutdown (${reason}) still waiting for plugin disposers after ${SLOW_DISPOSE_MS / 1000} s more; ` +
              `send the signal again to force exit`,
          ),
        SLOW_DISPOSE_MS,
      )
      try {
        await booted.dispose()
      } finally {
        clearInterval(slow)
      }
      return code
    } finally {
      watch.stop()
    }
  },
}
