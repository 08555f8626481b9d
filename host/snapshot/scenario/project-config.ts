// `dsh.config.yml` beside scenarios/: the project's settings for every scenario, so a redaction
// or an allowance every recording needs (the team's e-mail domain, a build host) is written once
// (docs/secret-scan.md). A scenario's snapshot.yml entries come first and its maxAge wins.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { closedObject } from '../../../lib/closed-object.ts'
import { safeParseWorded, zodIssuesToFileIssues } from '../../../lib/file-issues.ts'
import { docFile } from '../../../lib/package-root.ts'
import { ScenarioFileError } from './issues.ts'
import type { ScenarioManifest } from './manifest.ts'
import { allowance, maxAge, normalization, redaction } from './manifest-rules.ts'
import { parseYamlData } from './yaml.ts'

export const PROJECT_CONFIG_FILE = 'dsh.config.yml'

export const projectConfigSchema = closedObject({
  redact: z.array(redaction).default([]).meta({
    description: "Redactions for every scenario, applied after each scenario's own redact entries.",
  }),
  normalize: z.array(normalization).default([]).meta({
    description: "Normalization rules for every scenario, applied after each scenario's own normalize entries.",
  }),
  allow: z.array(allowance).default([]).meta({
    description: "Allowances for every scenario, beside each scenario's own allow entries.",
  }),
  maxAge: maxAge
    .optional()
    .meta({ description: 'Days a recording stays fresh, for a scenario without its own maxAge.' }),
  agent: closedObject({
    command: z.string().min(1).optional().meta({ description: "The agent's command (default: its preset's)." }),
    preset: z.string().min(1).optional().meta({
      description: 'A bundled preset (gemini-cli, opencode, claude-code-acp, codex-acp) or a preset .yml file.',
    }),
    env: z.record(z.string(), z.string()).default({}).meta({
      description: 'Variables for the agent; {{modelUrl}}, {{home}} and {{cwd}} are filled in per run.',
    }),
    upstream: z
      .url({ protocol: /^https?$/ })
      .optional()
      .meta({
        description: "The provider's base URL record without --stub proxies to, over the preset's upstream.",
      }),
  })
    .optional()
    .meta({ description: 'Test a foreign ACP agent instead of dsh, its model at the wire.' }),
}).meta({ title: 'dsh project config (dsh.config.yml beside scenarios/)' })

export type ProjectConfig = z.output<typeof projectConfigSchema>

const NO_PROJECT_CONFIG: ProjectConfig = { redact: [], normalize: [], allow: [] }

/** Pure: validate the file's text; `file` is used in messages. An empty file is no settings. */
function parseProjectConfig(text: string, file: string): ProjectConfig {
  const data = parseYamlData(text, file) ?? {}
  const parsed = safeParseWorded(projectConfigSchema, data)
  if (!parsed.success) throw new ScenarioFileError(file, zodIssuesToFileIssues(parsed.error.issues), PROJECT_HINT)
  return parsed.data
}

const PROJECT_HINT =
  `${PROJECT_CONFIG_FILE} holds redact, normalize, allow and maxAge for every scenario, and the agent under test; ` +
  `each is written as in a snapshot.yml (${docFile('secret-scan.md')}, ${docFile('nondeterminism.md')}).`

/** `<root>/dsh.config.yml` (a project file, like cordis.yml); no settings when there is none. */
export function loadProjectConfig(root: string): ProjectConfig {
  let text: string
  try {
    text = readFileSync(join(root, PROJECT_CONFIG_FILE), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return NO_PROJECT_CONFIG
    throw error
  }
  return parseProjectConfig(text, PROJECT_CONFIG_FILE)
}

/** Pure: the manifest a run uses — its own entries, then the project's; its own maxAge, else the project's. */
export function withProjectConfig(manifest: ScenarioManifest, project: ProjectConfig): ScenarioManifest {
  const merged = {
    ...manifest,
    redact: [...manifest.redact, ...project.redact],
    normalize: [...manifest.normalize, ...project.normalize],
    allow: [...manifest.allow, ...project.allow],
  }
  const maxAge = manifest.maxAge ?? project.maxAge
  return maxAge === undefined ? merged : { ...merged, maxAge }
}
