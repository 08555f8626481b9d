// What the conformance runner's own steps see: the case's trace as it is recorded, and the
// signal that ends every wait when the run is interrupted.
import type { StepRun } from '../../../lib/acp-script/step-kind.ts'
import type { TraceRecorder } from '../recorder.ts'

export interface CaseHost {
  recorder: TraceRecorder
  signal: AbortSignal
}

/** Waits (up to updateMs) until count() reaches min, re-counting on every recorded message. */
export async function waitForCount(run: StepRun<CaseHost>, count: () => number, min: number, what: string) {
  let unsubscribe = () => {}
  const enough = new Promise<void>((resolve) => {
    if (count() >= min) return resolve()
    unsubscribe = run.client.host.recorder.onMessage(() => {
      if (count() >= min) resolve()
    })
  })
  try {
    await run.client.wait(enough, 'update', `${what} in ${run.state.label}`)
  } catch (error) {
    if (error instanceof Error && error.name === 'WaitTimeoutError') error.message += ` (${count()} arrived)`
    throw error
  } finally {
    unsubscribe()
  }
}
