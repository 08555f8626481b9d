// A request's outcome as plain data (result or JSON-RPC error), whoever sent it.
import * as acp from '@agentclientprotocol/sdk'

interface RpcErrorInfo {
  code: number | undefined
  message: string
  data?: unknown
}

export type RequestOutcome = { kind: 'ok'; result: unknown } | { kind: 'error'; error: RpcErrorInfo }

function errorInfo(error: unknown): RpcErrorInfo {
  if (error instanceof acp.RequestError)
    return { code: error.code, message: error.message, ...(error.data !== undefined ? { data: error.data } : {}) }
  const record = error as { code?: unknown; message?: unknown } | undefined
  return {
    code: typeof record?.code === 'number' ? record.code : undefined,
    message: typeof record?.message === 'string' ? record.message : String(error),
  }
}

/** Never rejects: the outcome is judged where the script says (at once, or when a background prompt is awaited). */
export function settle(response: Promise<unknown>): Promise<RequestOutcome> {
  return response.then(
    (result) => ({ kind: 'ok', result }),
    (error) => ({ kind: 'error', error: errorInfo(error) }),
  )
}

/**
 * A step did not do what the script says; the message names the step and what to do. The step's
 * label and the error the agent answered with travel as data, so a host reads them, not the words.
 */
export class ScriptStepFailure extends Error {
  override name = 'ScriptStepFailure'
  constructor(
    message: string,
    readonly step?: string,
    readonly error?: RpcErrorInfo,
  ) {
    super(message)
  }
}
