// Field rules several step kinds share: names, session targets, expected errors, prompt bodies.
import { z } from 'zod'
import { closedObject } from '../closed-object.ts'
import type { ScriptNames, StepAt } from './step-kind.ts'

/** A name a step gives itself (`as`) or refers to, e.g. `s1`, `first-prompt`. */
export const stepName = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/, {
  error: (issue) =>
    `${JSON.stringify(issue.input)} is not a valid name; use a letter followed by letters, digits, "_" or "-" ` +
    `(e.g. "s1", "first-prompt")`,
})

export const ref = (what: string) => stepName.meta({ description: `The "as" of an earlier ${what} step.` })

/** Every step may be named, so later steps and a host's checks can refer to it. */
export const named = {
  as: stepName.optional().meta({ description: 'Names this step for later steps and checks.' }),
}

/** A session: a name defined earlier, or a literal id (for unknown-session tests). Exactly one. */
export const sessionTarget = {
  session: ref('newSession or loadSession').optional().meta({
    description: 'The session a newSession (or loadSession) step named. Exactly one of session and sessionId.',
  }),
  sessionId: z.string().optional().meta({
    description: 'A literal session id sent as-is (for unknown-session tests). Exactly one of session and sessionId.',
  }),
}

const expectErrorSchema = closedObject({
  code: z.int().meta({ description: 'The JSON-RPC error code the request must fail with.' }),
  message: z.string().optional().meta({ description: 'When given, the error message must equal this exactly.' }),
}).meta({ description: 'The request must fail with this error; the run fails if it succeeds.' })

export const expectError = { expectError: expectErrorSchema.optional() }

export const promptBody = {
  text: z.string().optional().meta({ description: 'Shorthand for one text block. Exactly one of text and content.' }),
  content: z
    .array(z.looseObject({ type: z.string() }))
    .min(1)
    .optional()
    .meta({
      description:
        'ACP content blocks, sent as-is except that "{{cwd}}" in any string becomes the session cwd. Exactly one ' +
        'of text and content.',
    }),
}

type SessionTarget = { session?: string; sessionId?: string }

/** `s1` / `session "sid-1"` for messages. */
export function describeTarget(step: SessionTarget): string {
  return step.session !== undefined ? step.session : `session ${JSON.stringify(step.sessionId)}`
}

/** Exactly one of session and sessionId; a session name must resolve to a live session. */
export function checkTarget(step: SessionTarget & { op: string }, where: StepAt, names: ScriptNames): void {
  if ((step.session === undefined) === (step.sessionId === undefined)) {
    names.issue(
      where.at(),
      `${step.op} needs exactly one of "session" (the name of a newSession step) and "sessionId" (a literal id)`,
    )
  } else if (step.session !== undefined) names.session(where.at('session'), step.session)
}

/**
 * Where a session step opens its session (session/new, load, resume): the script's cwd by default,
 * or a folder under it, and the additional directories it names (ACP `additionalDirectories`).
 */
export const sessionPlace = {
  cwd: z
    .string()
    .regex(/^\{\{cwd\}\}\/.+$/s, {
      error: 'must be a folder under the script\'s cwd, written "{{cwd}}/<folder>"',
    })
    .optional()
    .meta({
      description:
        'The session cwd, a folder under the script\'s temp cwd ("{{cwd}}/project", seeded like any workspace ' +
        'file); default the temp cwd itself. load and resume must name the cwd the session was created in.',
    }),
  additionalDirectories: z
    .array(z.string())
    .optional()
    .meta({
      description:
        'Sent as additionalDirectories; "{{cwd}}" becomes the temp cwd, so "{{cwd}}/common" is a folder beside a ' +
        '"{{cwd}}/project" session. Omitted: none (the request names none).',
    }),
}

/** The cwd and additional directories a session step sends, with `{{cwd}}` expanded. */
export function placeOf(
  step: { cwd?: string; additionalDirectories?: string[] },
  run: { client: { cwd: string }; expand<T>(value: T): T },
): { cwd: string; additionalDirectories?: string[] } {
  const cwd = step.cwd === undefined ? run.client.cwd : run.expand(step.cwd)
  return step.additionalDirectories === undefined
    ? { cwd }
    : { cwd, additionalDirectories: run.expand(step.additionalDirectories) }
}
