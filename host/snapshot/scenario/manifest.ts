// `scenarios/<name>/snapshot.yml`: the closed manifest of one scenario. It holds
// only facts a finished session cannot show (how it was made, what it pins,
// what it composes); everything else lives in the fixtures themselves.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { type FileIssue, safeParseWorded, zodIssuesToFileIssues } from '../../../lib/file-issues.ts'
import { ScenarioFileError } from './issues.ts'
import { readScenarioFile } from './read-scenario-file.ts'
import { closedObject, kebabName, portableString } from '../../../lib/closed-object.ts'
import { packageFile } from '../../../lib/package-root.ts'
import { parseYamlData } from './yaml.ts'
import { expandCwd } from '../../../lib/cwd-spellings.ts'
import { allowance, expectRule, maxAge, normalization, redaction } from './manifest-rules.ts'
import { TIER_KINDS } from '../../../lib/sandbox/tier.ts'

/** Environment names a scenario may set for the agent: dsh's own knobs and locale/time zone. */
// Only dsh's own knobs: they reach the composition's `!env` in-process and the process
// environment in a subprocess alike. Locale or time-zone variables would reach the bash tool
// only in a subprocess, and the two hosts must give identical surfaces.
const ENVIRONMENT_NAME_ALLOWLIST = /^DSH_[A-Z0-9_]+$/
/** Names that look like credentials never enter a scenario, even under an allowed prefix. */
const ENVIRONMENT_NAME_DENYLIST = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL/

const environmentName = z
  .string()
  .regex(ENVIRONMENT_NAME_ALLOWLIST, {
    error: (issue) =>
      `${JSON.stringify(issue.input)} is not an allowed environment name; only dsh's own DSH_* variables may be set ` +
      `(the host scrubs everything else, so both hosts see the same environment)`,
  })
  .refine((name) => !ENVIRONMENT_NAME_DENYLIST.test(name), {
    error: (issue) =>
      `${JSON.stringify(issue.input)} looks like a credential (KEY/TOKEN/SECRET/PASSWORD); credentials never go into ` +
      `scenario files`,
  })

/** Where a scenario's fixtures came from; record mode writes stub or live (recording-line.ts), import imported. */
const RECORDING_SOURCES = ['stub', 'live', 'authored', 'imported'] as const
export type RecordingSource = (typeof RECORDING_SOURCES)[number]
// `recorded` said "against the real model" while every scenario was recorded against the stub;
// branches written before the split still produce it, so the error names the replacement.
const RECORDED_IS_RETIRED =
  'recording: recorded is no longer used: write stub (recorded against the scripted stub), ' +
  'live (against the real model) or authored'

const description = z
  .string()
  .max(200, { error: 'description is longer than 200 characters; keep it to one short line' })
  .regex(/^[^\r\n]*\S[^\r\n]*$/, {
    error: 'description must be one non-blank line (it becomes a row of the scenario index)',
  })
  .meta({ description: 'One line saying what the scenario shows; the scenario index is generated from it.' })

const header = closedObject({
  class: kebabName('header class').meta({
    description: 'Scenarios whose model requests carry the same system prompt and tool schemas share a class.',
  }),
  pin: z.boolean().default(false).meta({
    description: 'This scenario pins the class: it owns the readable sidecars (or names where they come from).',
  }),
  systemPromptSource: kebabName('scenario')
    .optional()
    .meta({ description: 'Another pin whose identical system-prompt.expected.md this pin shares.' }),
  toolSchemasSource: kebabName('scenario')
    .optional()
    .meta({ description: 'Another pin whose identical tool-schemas.expected.json this pin shares.' }),
})

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date like 2026-12-01' })
/** Where `dsh new --from-session` took an imported scenario from (docs/import.md). */
const imported = closedObject({
  session: z.string().min(1).meta({ description: 'The id of the source session.' }),
  log: z
    .string()
    .regex(/^[^/\\]+$/, { error: 'is the log file name only (where it lived is specific to one machine)' })
    .meta({ description: "The source log's file name." }),
  date: isoDate.meta({ description: 'The day of the import (YYYY-MM-DD).' }),
}).meta({ description: 'Where an imported scenario came from: written by dsh new --from-session.' })

export const manifestSchema = closedObject({
  scenario: kebabName('scenario').meta({ description: 'Repeats the folder name, so a moved folder is noticed.' }),
  description,
  composition: z
    .array(kebabName('overlay'))
    .default([])
    .meta({ description: 'Overlays applied over cordis.yml, in order: overlays/<name>.cordis.yml.' }),
  recording: z
    .enum(RECORDING_SOURCES, {
      error: (issue) => (issue.input === 'recorded' ? RECORDED_IS_RETIRED : undefined),
    })
    .meta({
      description:
        'Where the fixtures came from. stub: --mode record --stub (the scripted stub endpoint); ' +
        'live: --mode record against the real model; authored: hand-written, never re-recorded; ' +
        'imported: dsh new --from-session, from a session log (see imported).',
    }),
  stubVia: z
    .string()
    .min(1)
    .optional()
    .meta({
      description:
        'How a --stub recording reached the scripted model: the wires the adapters spoke (openai-chat, ' +
        'anthropic-messages), or stand-in (plugins/llm-stub, for adapters without one); record writes it.',
    }),
  models: z
    .array(z.string().min(1))
    .optional()
    .meta({ description: 'The model(s) that served the recording, from its request/header events; record writes it.' }),
  date: isoDate.optional().meta({ description: 'The day the fixtures were recorded (YYYY-MM-DD); record writes it.' }),
  dshVersion: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'The dsh version (package.json) that recorded the fixtures; record writes it.' }),
  maxAge: maxAge.optional(),
  imported: imported.optional(),
  replay: z
    .enum(['derived', 'overridden'])
    .default('derived')
    .meta({ description: 'overridden: replay.override.json replaces the script derived from session.jsonl.' }),
  header: header.optional().meta({ description: 'Absent for a scenario that never calls the model.' }),
  workspace: closedObject({
    final: z.boolean().default(false).meta({ description: 'Compare the final cwd with workspace.expected/.' }),
  }).default({ final: false }),
  platform: z.enum(['any', 'posix']).default('any'),
  sandbox: z
    .enum(TIER_KINDS)
    .optional()
    .meta({
      description:
        'The sandbox tier the scenario needs (its goldens show what that sandbox does): a host without it ' +
        'stops the scenario with a failure naming the tier and the fix.',
    }),
  permissions: closedObject({
    unusedAnswers: z.enum(['error', 'ignore']).default('error').meta({
      description: 'What happens to queued permission answers (input.json "permissions") left over when the run ends.',
    }),
  }).default({ unusedAnswers: 'error' }),
  environment: z.record(environmentName, portableString).default({}).meta({
    description: 'Extra environment for the agent. Values may contain {{cwd}} (the temp cwd).',
  }),
  redact: z.array(redaction).default([]),
  normalize: z
    .array(normalization)
    .default([])
    .meta({
      description:
        "Normalization rules for this scenario's nondeterministic output (time, ids, temp paths, list order), " +
        "applied before the project's (dsh.config.yml).",
    }),
  allow: z.array(allowance).default([]),
  expect: z
    .array(expectRule)
    .default([])
    .meta({
      description:
        'Rules --mode verify-live checks on the live run, beside structural agreement: a tool call ' +
        '({ tool, args }) or a text pattern ({ text }).',
    }),
  session: closedObject({
    source: kebabName('scenario').meta({
      description: "Replay and compare against this scenario's session logs, read-only.",
    }),
  }).optional(),
}).meta({ title: 'dsh scenario manifest (snapshot.yml)' })

export type ScenarioManifest = z.output<typeof manifestSchema>

/** Rules that join several fields of one manifest. */
function crossFieldIssues(manifest: ScenarioManifest, folderName: string): FileIssue[] {
  const issues: FileIssue[] = []
  if (manifest.scenario !== folderName) {
    issues.push({
      path: 'scenario',
      message:
        `is ${JSON.stringify(manifest.scenario)} but the folder is ${JSON.stringify(folderName)}; they must ` +
        `be equal (rename one)`,
    })
  }
  const seen = new Set<string>()
  manifest.composition.forEach((name, index) => {
    if (seen.has(name))
      issues.push({ path: `composition[${index}]`, message: `overlay ${JSON.stringify(name)} is listed twice` })
    seen.add(name)
  })
  const h = manifest.header
  for (const field of ['systemPromptSource', 'toolSchemasSource'] as const) {
    const source = h?.[field]
    if (source === undefined) continue
    if (!h?.pin)
      issues.push({
        path: `header.${field}`,
        message: 'only a pin (pin: true) shares a sidecar; remove this field or set header.pin',
      })
    else if (source === manifest.scenario)
      issues.push({
        path: `header.${field}`,
        message: 'names this scenario itself; omit it (a pin owns its sidecars by default)',
      })
  }
  if (manifest.session?.source === manifest.scenario) {
    issues.push({
      path: 'session.source',
      message: 'names this scenario itself; omit session to use the local session.jsonl',
    })
  }
  if (manifest.replay === 'overridden' && !h) {
    issues.push({
      path: 'replay',
      message:
        'is "overridden" but the scenario has no header, i.e. never calls the model; use "derived" or add a header',
    })
  }
  return issues
}

/** Pure: validate manifest text. `file` is used in messages; `folderName` must equal `scenario`. */
export function parseManifest(text: string, file: string, folderName: string): ScenarioManifest {
  const data = parseYamlData(text, file)
  if (data === undefined || data === null) {
    throw new ScenarioFileError(file, [
      { path: '', message: 'the manifest is empty; it needs at least scenario, description and recording' },
    ])
  }
  const parsed = safeParseWorded(manifestSchema, data)
  if (!parsed.success) throw new ScenarioFileError(file, zodIssuesToFileIssues(parsed.error.issues))
  const issues = crossFieldIssues(parsed.data, folderName)
  if (issues.length) throw new ScenarioFileError(file, issues)
  return parsed.data
}

/** Pure: every composition entry must name an existing `overlays/<name>.cordis.yml` (the project's or dsh's). */
function compositionIssues(manifest: ScenarioManifest, overlayFiles: readonly string[]): FileIssue[] {
  const present = new Set(overlayFiles)
  return manifest.composition.flatMap((name, index) =>
    present.has(`${name}.cordis.yml`)
      ? []
      : [
          {
            path: `composition[${index}]`,
            message:
              `overlays/${name}.cordis.yml does not exist (neither in the project nor in dsh); ` +
              `create it or remove ${JSON.stringify(name)}`,
          },
        ],
  )
}

/** Environment for the agent: manifest values with `{{cwd}}` expanded to the run's temp cwd. */
export function expandEnvironment(environment: Readonly<Record<string, string>>, cwd: string): Record<string, string> {
  return Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, expandCwd(value, cwd)]))
}

/**
 * Names of the overlay files a manifest may name: the project's `overlays/` and the ones dsh
 * ships (a project's own file of the same name wins when the run composes; lib/bundled-compositions.ts).
 */
export function listOverlayFiles(repoRoot: string): string[] {
  return [...new Set([...readFolder(join(repoRoot, 'overlays')), ...readFolder(packageFile('overlays'))])]
}

function readFolder(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

/** Read and validate `scenarios/<name>/snapshot.yml` under `repoRoot`, including its overlays. */
export function loadManifest(repoRoot: string, name: string, overlayFiles?: readonly string[]): ScenarioManifest {
  const { file, text } = readScenarioFile(repoRoot, name, 'snapshot.yml', 'every scenario folder needs a snapshot.yml')
  const manifest = parseManifest(text, file, name)
  const issues = compositionIssues(manifest, overlayFiles ?? listOverlayFiles(repoRoot))
  if (issues.length) throw new ScenarioFileError(file, issues)
  return manifest
}
