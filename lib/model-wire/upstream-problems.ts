// What can go wrong recording against the live provider (live-proxy.ts), as codes a failure carries
// (host/snapshot/model/failure.ts) so reports decide by the code, never by the words.
export const UPSTREAM_PROBLEM_CODES = ['UPSTREAM_UNREACHABLE', 'UPSTREAM_HTTP_ERROR', 'UPSTREAM_UNPARSEABLE'] as const
export type UpstreamProblemCode = (typeof UPSTREAM_PROBLEM_CODES)[number]

export interface UpstreamProblem {
  code: UpstreamProblemCode
  /** The model request (0-based, in arrival order). */
  index: number
  message: string
}
