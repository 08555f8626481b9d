// The stable error code of an HTTP status a model provider answered with (docs/openai-adapter.md,
// "Error codes"): one table for every adapter and the scripted stand-in.
export function statusCode(status: number): string {
  const codes: Record<number, string> = {
    400: 'BAD_REQUEST',
    401: 'AUTH',
    402: 'INSUFFICIENT_BALANCE',
    422: 'INVALID_PARAMS',
    429: 'RATE_LIMIT',
  }
  return codes[status] ?? (status >= 500 ? 'SERVER' : 'HTTP_ERROR')
}
