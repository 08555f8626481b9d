import { bootComposition } from '../../../plugins/config/boot.ts'
import { holdApiKey } from '../../../plugins/llm-deepseek/held-key.ts'
import { loadKeyFile } from '../key-file.ts'
import { loadDotEnvForLiveMode } from '../live-env.ts'
import { watchForShutdown } from '../shutdown.ts'
import { loadComposition } from '../../../plugins/config/load.ts'
import type { CliCommand } from './command.ts'
import { serveHelp } from './command-help.ts'
import { compositionArgs } from './composition-options.ts'
import { runHostedScenarios } from './hosted-scenarios.ts'
import { routeConsoleToStderr } from './stdout-guard.ts'

const SLOW_DISPOSE_MS = 10_000

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
      // Probe the shape first: only a live composition may read .env (replay must stay keyless).
      const probe = await loadComposition({ configFile, patches, env: io.env, lenientEnv: true })
      if (loadDotEnvForLiveMode(probe.entries, { cwd: process.cwd() }) !== 'replay') {
        loadKeyFile({ env: process.env, warn: log })
        holdApiKey()
      }

      const booted = await bootComposition({ configFile, patches, env: io.env, log })
      // With the snapshot host in the composition, dsh runs its scenarios and exits with their verdict.
      const snapshot = booted.ctx.get('snapshot')
      let code = 0
      let reason: string
      if (snapshot) {
        code = await runHostedScenarios(booted.ctx, snapshot, io, watch.requested)
        reason = 'scenarios done'
      } else {
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
