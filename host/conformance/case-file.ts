// The whole shape of a conformance case file (scenarios/conformance/cases/NNN-<id>.json) and of a
// profile: the case's steps are the shared ACP script plus the runner's own waits (case-steps.ts),
// its checks are in case-schema.ts.
import { z } from 'zod'
import { stepSchema } from '../../lib/acp-script/shared-steps.ts'
import { closedObject, portableString } from '../../lib/closed-object.ts'
import { editorClientSchema } from '../../lib/editor-client-schema.ts'
import { CASE_PERMISSION_MODES, caseCheckSchema, caseTimeoutsSchema } from './case-schema.ts'
import { CASE_STEPS, type CaseStep } from './case-steps.ts'

/** Checked against CaseStep here: the schema's inferred output is the union the runner handles. */
const caseStepSchema: z.ZodType<CaseStep> = stepSchema(CASE_STEPS)

export const caseFileSchema = closedObject({
  $schema: z.string().optional(),
  title: z.string().min(1).meta({ description: 'One line: the behaviour this case checks.' }),
  spec: z
    .array(z.string().regex(/^R\d+$/, { error: 'requirement ids look like "R7" (see scenarios/conformance/SPEC.md)' }))
    .min(1)
    .meta({ description: 'The SPEC.md requirements this case checks.' }),
  requires: z
    .array(z.string().regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/))
    .min(1)
    .optional()
    .meta({
      description:
        'Dotted paths into the initialize result the agent must advertise (present, not null or false), e.g. ' +
        'agentCapabilities.sessionCapabilities.resume; without them the case is "not applicable", not failed.',
    }),
  permissionMode: z
    .enum(CASE_PERMISSION_MODES)
    .optional()
    .meta({
      description:
        'Overrides --permission-mode for this case; "hold" leaves requests unanswered until the session is ' +
        'cancelled, then answers "cancelled".',
    }),
  timeouts: caseTimeoutsSchema.optional(),
  client: editorClientSchema({
    fs: 'Advertised fs capabilities. Default (no client field): read and write.',
    terminal: 'Advertise terminals; the runner runs terminal/create commands as local processes.',
    buffers: 'Unsaved editor buffers by cwd-relative path, answered by fs/read_text_file instead of the file.',
  })
    .optional()
    .meta({
      description:
        'What the runner advertises at initialize and serves. Without it: fs read and write, no terminal, no buffers.',
    }),
  files: z
    .record(portableString, z.string())
    .optional()
    .meta({ description: 'Seed files written into the case cwd before the agent starts.' }),
  steps: z.array(caseStepSchema).min(1).meta({
    description: 'The ACP script (docs/scenario-format.md), starting with { "op": "initialize" }.',
  }),
  checks: z.array(caseCheckSchema).min(1),
}).meta({ title: 'dsh conformance case (scenarios/conformance/cases/NNN-<id>.json)' })

export type CaseFile = z.output<typeof caseFileSchema>
export type CaseClientSpec = NonNullable<CaseFile['client']>

export const profileFileSchema = closedObject({
  $schema: z.string().optional(),
  description: z.string().min(1),
  required: z.array(z.string()).min(1).meta({ description: 'Case ids that must pass.' }),
  optional: z
    .array(z.string())
    .optional()
    .meta({ description: 'Case ids that run and are reported but do not fail the run.' }),
}).meta({ title: 'dsh conformance profile (scenarios/conformance/profiles/<name>.json)' })
