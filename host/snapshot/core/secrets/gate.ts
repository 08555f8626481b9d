// The secret scan as a gate on fixtures: the manifest's `redact:` entries run over a normalized run
// before it is judged (so the goldens and logs written, and the ones compared, are the redacted
// ones), and the texts about to be written, or the committed ones replay reads, are scanned with
// its `allow:` entries. Pure: the caller passes the texts and the machine's identity.
import { relative } from 'node:path'
import { type Redaction, redactor, rulesFor } from '../../../../lib/secrets/redact.ts'
import type { LocalIdentity } from '../../../../lib/secrets/rules.ts'
import { type SecretAllowance, scanText } from '../../../../lib/secrets/scan.ts'
import type { NormalizedRun } from '../normalize/run.ts'
import { describeSecretHits } from './refusal.ts'

/** The run with every string of its surfaces redacted; the same run when there is nothing to redact. */
export function redactRun(
  run: NormalizedRun,
  redactions: readonly Redaction[],
  identity: LocalIdentity,
): NormalizedRun {
  const redact = redactor(redactions, identity)
  if (!redact) return run
  return {
    ...run,
    transcript: run.transcript.map(redact),
    sessionLogs: run.sessionLogs.map(redact),
    headers: run.headers.map((headers) => headers.map((header) => mapStrings(header, redact))),
  }
}

export interface SecretGate {
  scenario: string
  /** The scenario folder: hits and `allow:` files are named relative to it. */
  dir: string
  allow: readonly SecretAllowance[]
  identity: LocalIdentity
}

/** A scenario's gate: its folder and its `allow:` entries (the project's merged in, scenario/project-config.ts). */
export function scenarioSecretGate(
  scenario: { name: string; dir: string; manifest: { allow: readonly SecretAllowance[] } },
  identity: LocalIdentity,
): SecretGate {
  return { scenario: scenario.name, dir: scenario.dir, allow: scenario.manifest.allow, identity }
}

/** Where a refusal tells the user to redact or allow: the scenario's own manifest. */
export const manifestFileOf = (scenario: string) => `scenarios/${scenario}/snapshot.yml`

/** The refusal's words when a text holds a possible secret `allow:` does not let through; else undefined. */
export function secretRefusal(
  gate: SecretGate,
  files: ReadonlyArray<{ absolute: string; text: string | undefined }>,
  manifestFile: string,
  committed = false,
): string | undefined {
  const rules = rulesFor(gate.identity)
  const hits = files.flatMap(({ absolute, text }) =>
    text === undefined ? [] : scanText(relative(gate.dir, absolute).replaceAll('\\', '/'), text, rules, gate.allow),
  )
  return hits.length
    ? describeSecretHits(hits, { scenario: gate.scenario, manifest: manifestFile, committed })
    : undefined
}

function mapStrings<T>(value: T, replace: (text: string) => string): T {
  if (typeof value === 'string') return replace(value) as T
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, replace)) as T
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, replace)])) as T
  return value
}
