// The manifest's rule lists: the secret scan's `redact:` and `allow:` entries (docs/secret-scan.md),
// maxAge, and verify-live's `expect:` rules (docs/verify-live.md). The first three are also
// the project's (project-config.ts).
import { z } from 'zod'
import { closedObject, portableString } from '../../../lib/closed-object.ts'
import { NormalizeRuleSchema } from '../../../lib/normalize/rules.ts'
import { unknownRuleProblem } from '../../../lib/secrets/redact.ts'

const isRegExp = (source: string) => {
  try {
    new RegExp(source)
    return true
  } catch {
    return false
  }
}

/** A secret-scan rule id (lib/secrets/rules.ts); an unknown one names the near ones. */
const secretRule = z
  .string()
  .superRefine((name, ctx) => {
    const problem = unknownRuleProblem(name)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .meta({ description: 'A secret-scan rule id, e.g. api-key, email, home-dir.' })

export const redaction = closedObject({
  rule: secretRule.optional(),
  pattern: z
    .string()
    .min(1)
    .refine((source) => isRegExp(source), { error: 'is not a valid regular expression' })
    .optional()
    .meta({ description: 'A JavaScript regular expression (no flags; every match is replaced).' }),
  token: z.string({ error: 'is required: the text that replaces each match, e.g. "{{secret:email}}"' }).min(1),
})
  .superRefine((entry, ctx) => {
    if ((entry.rule === undefined) === (entry.pattern === undefined))
      ctx.addIssue({ code: 'custom', message: 'give exactly one of rule (a secret-scan rule id) and pattern' })
  })
  .meta({
    description:
      'Replace every match of a secret-scan rule or a pattern with token, in the recorded logs, the goldens and ' +
      'the history replay compares, so the redacted recording still replays. Exactly one of rule and pattern.',
  })

export const allowance = closedObject({
  rule: secretRule,
  file: portableString.optional().meta({ description: 'Only in this fixture (relative to the scenario folder).' }),
}).meta({ description: 'Let the secret scan pass this rule (in one file, or everywhere without file).' })

/** A `normalize:` entry (lib/normalize/rules.ts; docs/nondeterminism.md). */
export const normalization = NormalizeRuleSchema.meta({
  description:
    'What counts as a difference: a pattern, or a JSON path into tool results and tool-call arguments, whose ' +
    'matches are replaced by token (or sorted) in the recorded logs, the goldens and the history replay compares.',
})

/** Days a recording stays fresh (core/provenance.ts). */
export const maxAge = z.number().int().positive().meta({
  description:
    'Days a recording stays fresh: an older date is a warning in replay, and --mode record-stale re-records it.',
})

/** A verify-live rule (host/snapshot/core/structure.ts): a tool call to make, or a text to say. */
export const expectRule = z.union([
  closedObject({
    tool: z.string().min(1).meta({ description: 'The tool the live run must call, e.g. write_file.' }),
    args: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'Argument values the call must have, e.g. { path: notes.md }.' }),
  }),
  closedObject({
    text: z
      .string()
      .min(1)
      .refine((source) => isRegExp(source), { error: 'is not a valid regular expression' })
      .meta({ description: "A JavaScript regular expression some assistant message's text must match." }),
  }),
])
