// How `dsh` reports a command that failed (exit 1) on stderr.
import { ValidationError } from 'cordis'
import { ConfigError } from '../../../plugins/config/errors.ts'
import { BootError } from '../../../plugins/config/boot.ts'

/** Config and boot errors already say where and what to do; anything else keeps its stack. */
export function describeFailure(error: unknown): string {
  if (error instanceof ConfigError) return `dsh: ${error.message}`
  if (error instanceof BootError) {
    const cause = error.cause
    // A plugin that crashed gets its stack; config and schema errors are fully said by the message.
    const crashed = cause instanceof Error && !(cause instanceof ConfigError) && !(cause instanceof ValidationError)
    const detail = crashed && cause.stack ? `\n${cause.stack}` : ''
    return `dsh: ${error.message}${detail}`
  }
  return `dsh: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`
}
