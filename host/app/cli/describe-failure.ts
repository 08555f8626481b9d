// How `dsh` reports a command that failed (exit 1) on stderr.
import { ValidationError } from 'cordis'
import { ConfigError } from '../../../plugins/config/errors.ts'
import { BootError } from '../../../plugins/config/boot.ts'
import { isNamedError } from '../../../lib/named-error.ts'

/** Config, boot and named errors already say where and what to do; anything else keeps its stack. */
export function describeFailure(error: unknown): string {
  if (error instanceof ConfigError || (isNamedError(error) && !(error instanceof BootError)))
    return `dsh: ${error.message}`
  if (error instanceof BootError) {
    const cause = error.cause
    // A plugin that crashed gets its stack; config, schema and named errors are fully said by the message.
    const said = cause instanceof ConfigError || cause instanceof ValidationError || isNamedError(cause)
    const crashed = !said && cause instanceof Error
    const detail = crashed && cause.stack ? `\n${cause.stack}` : ''
    return `dsh: ${error.message}${detail}`
  }
  return `dsh: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`
}
