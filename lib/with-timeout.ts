/** Thrown when a wait runs out; the message says what was awaited and for how long. */
export class WaitTimeoutError extends Error {
  override name = 'WaitTimeoutError'
}

/** Race a promise against a timer whose message names what was awaited. The timer never outlives the race. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WaitTimeoutError(`timed out after ${ms} ms waiting for ${what}`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
