// Cordis reports a plugin that fails to start (or a Config it rejects) as `internal/error`, and
// with no listener of its own prints it to the console with its stack. A test that expects the
// failure listens instead: the errors are kept for it to check, and `npm test` prints no stack
// trace for an error a test asked for (the boot of a real composition reports them: boot.ts).
import type { Context } from 'cordis'

/** Every `internal/error` the context reports from now on, in order, instead of on the console. */
export function captureInternalErrors(ctx: Context): unknown[] {
  const errors: unknown[] = []
  ctx.on('internal/error', (error: unknown) => {
    errors.push(error)
  })
  return errors
}

/**
 * Awaits a plugin's fiber (`ctx.plugin(…)`); when it fails to start, disposes it at once and
 * rethrows. Disposing the failed fiber while the errors are captured is what keeps them quiet:
 * Cordis reports its error again when it is disposed, and by the time the composition's root is
 * disposed the capturing listener is gone.
 */
export async function startOrDispose(fiber: PromiseLike<unknown> & { dispose(): Promise<unknown> }): Promise<void> {
  try {
    await fiber
  } catch (error) {
    await fiber.dispose().catch((again: unknown) => {
      if (again !== error) throw again
    })
    throw error
  }
}
