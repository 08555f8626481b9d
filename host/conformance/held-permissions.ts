// The `hold` permission mode: a permission request stays unanswered (a user who has not
// decided yet) until the client cancels the session, when ACP requires the client to answer
// every pending request "cancelled", or until the agent withdraws it ($/cancel_request).
import type * as acp from '@agentclientprotocol/sdk'

const CANCELLED: acp.RequestPermissionResponse = { outcome: { outcome: 'cancelled' } }

export class HeldPermissions {
  private readonly held = new Map<string, Set<(why: string) => void>>()

  /** Resolves "cancelled" when released; `onRelease` says why (for the trace). */
  hold(
    sessionId: string,
    signal: AbortSignal,
    onRelease: (why: string) => void,
  ): Promise<acp.RequestPermissionResponse> {
    return new Promise((resolve) => {
      const waiting = this.held.get(sessionId) ?? new Set()
      this.held.set(sessionId, waiting)
      const release = (why: string) => {
        if (!waiting.delete(release)) return
        signal.removeEventListener('abort', onAbort)
        onRelease(why)
        resolve(CANCELLED)
      }
      const onAbort = () => release('withdrawn by the agent')
      waiting.add(release)
      if (signal.aborted) onAbort()
      else signal.addEventListener('abort', onAbort, { once: true })
    })
  }

  /** Before session/cancel goes out: answer everything pending for the session. */
  releaseSession(sessionId: string): void {
    for (const release of [...(this.held.get(sessionId) ?? [])]) release('session/cancel')
  }
}
