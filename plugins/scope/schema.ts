// The scenario scope as data: what a host enters (plugins/scope/index.ts) and what `dsh serve --scope`
// reads from a file. One schema for both, so the file a subprocess host writes is the contract itself.
import { z } from 'zod'
import { NormalizeRuleSchema } from '../../lib/normalize/rules.ts'

const Redaction = z.union([
  z.strictObject({ rule: z.string().min(1), token: z.string().min(1) }),
  z.strictObject({ pattern: z.string().min(1), token: z.string().min(1) }),
])

/** What replay serves in a scope: llm-replay's config, as plain data (plugins/llm-replay/index.ts). */
const ReplayScopeSchema = z.strictObject({
  scenario: z.string().min(1).optional(),
  sessions: z
    .array(z.strictObject({ file: z.string().min(1), text: z.string().optional(), override: z.string().optional() }))
    .optional(),
  override: z.string().min(1).optional(),
  redact: z.array(Redaction).optional(),
  identity: z.strictObject({ home: z.string().optional(), hostname: z.string().optional() }).optional(),
  /** The scenario's and project's `normalize:` rules (docs/nondeterminism.md). */
  normalize: z.array(NormalizeRuleSchema).optional(),
  /** Where replay writes the problems of this scope no host took through verify(), as JSON. */
  report: z.string().min(1).optional(),
})

export const ScenarioScopeSchema = z.strictObject({
  /** Names the scope in messages: the scenario. */
  name: z.string().min(1),
  /** Where the scope's session logs go (absolute); absent: where the store's config says. */
  sessionsRoot: z.string().min(1).optional(),
  /** What replay serves; absent when the scope records (replay is off then). */
  replay: ReplayScopeSchema.optional(),
})

export type ReplayScope = z.infer<typeof ReplayScopeSchema>
export type ScenarioScope = z.infer<typeof ScenarioScopeSchema>
