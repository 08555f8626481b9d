// `dsh serve --scope FILE`: the scenario scope the subprocess test host starts dsh in (plugins/scope),
// the same contract the in-process host enters through the running composition.
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { formatIssues } from '../../../plugins/config/errors.ts'
import { type ScenarioScope, ScenarioScopeSchema } from '../../../plugins/scope/schema.ts'
import { stringOption, type OptionValues } from './command.ts'
import { UsageError } from '../../../lib/usage-error.ts'

const Scope = ScenarioScopeSchema.extend({
  /** Record --stub: the model server the adapters are pointed at (host/snapshot/service/model-stub.ts). */
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
