// A scenario's or its project's `normalize:` rule as a run's outcome reports it (core/normalize/user-rules.ts
// applies them; the CLI, the HTML report and the blob show them): a rule is never silent (docs/nondeterminism.md).

/** One rule as the report shows it: what it is, and how many places of this run it changed. */
export interface AppliedRule {
  rule: string
  count: number
}
