// `dsh serve --scope FILE`: the scenario scope the subprocess test host starts dsh in (plugins/scope),
// the same contract the in-process host enters through the running composition.
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { formatIssues } from '../../../plugins/config/errors.ts'
import type { ScenarioScope } from '../../../plugins/scope/index.ts'
import { stringOption, type OptionValues } from './command.ts'
import { UsageError } from '../../../lib/usage-error.ts'

const Redaction = z.union([
  z.strictObject({ rule: z.string().min(1), token: z.string().min(1) }),
  z.strictObject({ pattern: z.string().min(1), token: z.string().min(1) }),
])
const Scope = z.strictObject({
  name: z.string().min(1),
  sessionsRoot: z.string().min(1),
  replay: z
    .strictObject({
      scenario: z.string().min(1).optional(),
      sessions: z
        .array(
          z.strictObject({ file: z.string().min(1), text: z.string().optional(), override: z.string().optional() }),
        )
        .optional(),
      override: z.string().min(1).optional(),
      redact: z.array(Redaction).optional(),
      identity: z.strictObject({ home: z.string().optional(), hostname: z.string().optional() }).optional(),
    })
    .optional(),
  /** Record --stub: the model server the adapters are pointed at (host/snapshot/plugin/model-stub.ts). */
  modelStub: z.url({ protocol: /^http$/, hostname: /^127\.0\.0\.1$/ }).optional(),
})

/** What `--scope` holds: the scope, and where the scripted model answers when recording with --stub. */
interface ScopeFile {
  scope: ScenarioScope
  modelStub?: string
}

/** The scope `--scope` names, validated; a file that is missing or malformed is a usage error naming it. */
export async function readScope(values: OptionValues): Promise<ScopeFile | undefined> {
  const file = stringOption(values, 'scope')
  if (file === undefined) return undefined
  let data: unknown
  try {
    data = JSON.parse(await readFile(file, 'utf8'))
  } catch (error) {
    throw new UsageError(`--scope ${file}: ${(error as Error).message}; pass the JSON file the test host wrote`)
  }
  const parsed = Scope.safeParse(data)
  if (!parsed.success)
    throw new UsageError(`--scope ${file}: not a scenario scope:\n${formatIssues(parsed.error.issues)}`)
  const { modelStub, ...scope } = parsed.data
  return { scope, ...(modelStub ? { modelStub } : {}) }
}
