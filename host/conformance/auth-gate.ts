// An agent that needs authentication fails every case the same way; the runner sees it in the
// first case and stops, naming the methods the agent advertises and the flag that uses one. The
// signs (pure): a request stopped with ACP's auth_required (-32000, the one code the spec's ErrorCode
// gives authentication), or --authenticate itself was refused. Any other failure, of session/new
// too, is the case's own and is reported as the error it is.
import type { RequestOutcome } from '../../lib/acp-script/outcome.ts'
import { rpcError } from './check-text.ts'
import type { AuthMethodInfo } from './report.ts'
import { type CaseTrace, describeStep, isRecord } from './trace.ts'

/** ACP's auth_required error code (the SDK's ErrorCode, RequestError.authRequired). */
export const AUTH_REQUIRED = -32000

/** The auth methods initialize advertised, as the report names them. */
export function authMethodsOf(trace: CaseTrace): AuthMethodInfo[] {
  const init = trace.initialize
  const result = init?.kind === 'ok' && isRecord(init.result) ? init.result : {}
  if (!Array.isArray(result.authMethods)) return []
  return result.authMethods.flatMap((m) =>
    isRecord(m) && typeof m.id === 'string'
      ? [
          {
            id: m.id,
            ...(typeof m.name === 'string' ? { name: m.name } : {}),
            ...(typeof m.description === 'string' ? { description: m.description } : {}),
          },
        ]
      : [],
  )
}

/** `"api-key" (API key: set GEMINI_API_KEY)`, for messages. */
export function describeMethods(methods: readonly AuthMethodInfo[]): string {
  if (!methods.length) return 'no authMethods, so no client can authenticate with it'
  const one = (m: AuthMethodInfo) => {
    const about = [m.name, m.description].filter(Boolean).join(': ')
    return about ? `${JSON.stringify(m.id)} (${about})` : JSON.stringify(m.id)
  }
  const count = methods.length === 1 ? 'one auth method' : `${methods.length} auth methods`
  return `${count}: ${methods.map(one).join(', ')}`
}

/** Where the runner's --authenticate request stands in a case. */
export interface AuthAttempt {
  methodId: string
  outcome?: RequestOutcome
}

export interface AuthStop {
  reason: string
  methods: AuthMethodInfo[]
}

/**
 * Why no later case is launched, when this case (which failed) shows the agent needs
 * authentication; undefined when it does not.
 */
export function authStop(caseId: string, trace: CaseTrace, attempt?: AuthAttempt): AuthStop | undefined {
  const methods = authMethodsOf(trace)
  const pick = methods.length ? ` (${methods.map((m) => m.id).join(' or ')})` : ''
  const next = `Later cases would fail the same way, so none was launched.`
  if (attempt?.outcome?.kind === 'error')
    return {
      methods,
      reason:
        `the agent refused --authenticate ${attempt.methodId}: in case ${caseId}, authenticate failed with ` +
        `${rpcError(attempt.outcome.error)}; it advertises ${describeMethods(methods)}. ${next} Pick a method it ` +
        `advertises${pick}, set up what that method needs (a key in the environment, a login done by hand), and ` +
        'run again.',
    }
  const stopped = trace.steps.find((s) => s.endSeq === undefined && s.outcome?.kind === 'error')
  if (stopped?.outcome?.kind !== 'error') return undefined
  const { error } = stopped.outcome
  // Only the protocol's own sign: any other failure (of session/new too) is the case's, reported as it is.
  if (error.code !== AUTH_REQUIRED) return undefined
  const failed = `${describeStep(stopped)} failed with ${rpcError(error)}`
  const tried = attempt?.outcome?.kind === 'ok' ? ` even though --authenticate ${attempt.methodId} succeeded` : ''
  return {
    methods,
    reason:
      `the agent needs authentication: in case ${caseId}, ${failed}${tried}; ` +
      `it advertises ${describeMethods(methods)}. ${next} ` +
      (methods.length
        ? `Run again with --authenticate METHOD${pick}, after setting up what that method needs (a key in the ` +
          'environment, a login done by hand).'
        : 'Set it up as its own documentation says (a key in the environment, a login done by hand), and run again.'),
  }
}
