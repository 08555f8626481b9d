// A step value taken from an earlier step's answer: `{ "answerOf": "init", "path": "authMethods.0.id" }`
// sends what the step named "init" was answered at that dotted path (lib/dotted-path.ts). A script
// so works with any agent: it authenticates with a method the agent advertised, not a guessed id.
import { z } from 'zod'
import { closedObject } from '../closed-object.ts'
import { valueAt } from '../dotted-path.ts'
import { ref } from './fields.ts'
import { ScriptStepFailure } from './outcome.ts'
import type { ScriptNames, StepState } from './step-kind.ts'

const answerRef = closedObject({
  answerOf: ref('request (initialize, newSession, …)'),
  path: z
    .string()
    .regex(/^[^.]+(\.[^.]+)*$/, { error: 'must be a dotted path such as "authMethods.0.id"' })
    .meta({ description: 'Where in that answer, e.g. "authMethods.0.id" (array items by index).' }),
}).meta({ description: "A value from an earlier named step's answer (its JSON-RPC result)." })

type AnswerRef = z.output<typeof answerRef>

/** A string field a script may also fill from an earlier answer. */
export const stringOrAnswer = (description: string) =>
  z.union([z.string(), answerRef]).meta({
    description: `${description} Either a literal string or { "answerOf": "<step name>", "path": "<dotted path>" }.`,
  })

const isRef = (value: unknown): value is AnswerRef => typeof value === 'object' && value !== null

/** `"api-key"`, or `init's authMethods.0.id` for messages. */
export function describeValue(value: string | AnswerRef): string {
  return isRef(value) ? `${value.answerOf}'s ${value.path}` : JSON.stringify(value)
}

/** A reference names an earlier step expected to succeed (a failed step has no answer to read). */
export function checkAnswerRef(value: unknown, path: string, names: ScriptNames): void {
  if (isRef(value)) names.answered(`${path}.answerOf`, value.answerOf)
}

/** The string a field stands for now: itself, or what the named step was answered at the path. */
export function resolveString(
  value: string | AnswerRef,
  answered: (name: string) => StepState | undefined,
  label: string,
): string {
  if (!isRef(value)) return value
  const outcome = answered(value.answerOf)?.outcome
  if (outcome?.kind !== 'ok')
    throw new ScriptStepFailure(
      `${label}: step ${JSON.stringify(value.answerOf)} has no answer to read ${value.path} from` +
        `${outcome ? ` (it failed with ${outcome.error.code}: ${outcome.error.message})` : ''}; refer to an ` +
        'earlier request step that succeeds',
      label,
    )
  const found = valueAt(outcome.result, value.path)
  if (typeof found !== 'string') {
    const what = found === undefined ? 'nothing' : JSON.stringify(found)
    throw new ScriptStepFailure(
      `${label}: ${value.answerOf}'s answer has ${what} at ${value.path}, not a string; the agent must answer ` +
        `one there, or the script must name another path`,
      label,
    )
  }
  return found
}
