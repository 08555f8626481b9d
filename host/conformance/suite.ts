// Validation of the whole conformance data set (pure): case files, profiles and the SPEC's
// requirement ids. Every problem of every file is collected before anything launches, each
// with its file and JSON path; a typo never passes silently.
import { docFile } from '../../lib/package-root.ts'
import type { z } from 'zod'
import { type FileIssue, formatFileIssues, safeParseWorded } from '../../lib/file-issues.ts'
import { renamedSpellingIssues, withoutRenamed } from '../../lib/acp-script/renamed.ts'
import { KEBAB_NAME } from '../../lib/closed-object.ts'
import { suggest } from '../../lib/did-you-mean.ts'
import { caseIssues } from './case-refs.ts'
import { caseFileSchema, profileFileSchema, type CaseFile } from './case-file.ts'

export interface SourceFile {
  /** As shown in messages, e.g. `scenarios/conformance/cases/006-cancel-in-flight.json`. */
  file: string
  /** The bare file name, e.g. `006-cancel-in-flight.json`. */
  name: string
  /** undefined for a directory where a file was expected. */
  text: string | undefined
}

export interface SuiteSources {
  spec: { file: string; text: string }
  cases: SourceFile[]
  profiles: SourceFile[]
}

export interface ConformanceCase {
  id: string
  /** The numeric prefix; cases run in this order. */
  order: number
  file: string
  data: CaseFile
}

export interface ConformanceProfile {
  name: string
  file: string
  description: string
  required: string[]
  optional: string[]
}

export interface ConformanceSuite {
  cases: ConformanceCase[]
  profiles: Map<string, ConformanceProfile>
  requirements: Set<string>
}

export const FORMAT_HINT = `See ${docFile('conformance.md')} for the case and profile format.`

export class ConformanceDataError extends Error {
  override name = 'ConformanceDataError'
  constructor(readonly problems: { file: string; issues: FileIssue[] }[]) {
    super(
      `${problems
        .map((p) => formatFileIssues(p.file, p.issues, ''))
        .join('\n')
        .trimEnd()}\n${FORMAT_HINT}`,
    )
  }
}

const CASE_FILE = /^(\d{3})-([a-z0-9]+(?:-[a-z0-9]+)*)\.json$/
/** A requirement is declared in SPEC.md as a bold id at the start of a list item: `- **R7** …`. */
const SPEC_ID = /^\s*[-*]\s+\*\*(R\d+)\*\*/gm

type Report = (file: string, issues: FileIssue[]) => void

export function validateSuite(sources: SuiteSources): ConformanceSuite {
  const problems: { file: string; issues: FileIssue[] }[] = []
  const report: Report = (file, issues) => {
    if (issues.length) problems.push({ file, issues })
  }
  const requirements = specRequirements(sources.spec, report)
  const { cases, byId } = validateCases(sources, requirements, report)
  const profiles = new Map<string, ConformanceProfile>()
  for (const source of sources.profiles) {
    const profile = validateProfile(source, byId, report)
    if (profile) profiles.set(profile.name, profile)
  }
  if (problems.length) throw new ConformanceDataError(problems)
  return { cases, profiles, requirements }
}

function specRequirements(spec: SuiteSources['spec'], report: Report): Set<string> {
  const requirements = new Set([...spec.text.matchAll(SPEC_ID)].map(([, id = '']) => id))
  if (requirements.size === 0)
    report(spec.file, [
      {
        path: '',
        message:
          'declares no requirements; each is a list item starting with a bold id, e.g. "- **R1** The agent MUST …"',
      },
    ])
  return requirements
}

/** Every case file in name order; a case whose prefix or id repeats an earlier one is reported, not kept. */
function validateCases(sources: SuiteSources, requirements: Set<string>, report: Report) {
  const cases: ConformanceCase[] = []
  const byOrder = new Map<number, string>()
  const byId = new Map<string, string>()
  for (const source of [...sources.cases].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const match = CASE_FILE.exec(source.name)
    if (!match || source.text === undefined) {
      report(source.file, [{ path: '', message: badCaseName(source.text === undefined) }])
      continue
    }
    const [, orderText, id = ''] = match
    const order = Number(orderText)
    const fileIssues: FileIssue[] = []
    const sameOrder = claim(byOrder, order, source.file)
    if (sameOrder)
      fileIssues.push({
        path: '',
        message: `prefix ${match[1]} is also used by ${sameOrder}; the prefix orders the run, so each must be unique`,
      })
    const sameId = claim(byId, id, source.file)
    if (sameId)
      fileIssues.push({
        path: '',
        message:
          `case id ${JSON.stringify(id)} is also the id of ${sameId}; ids (the name after the prefix) must be ` +
          `unique`,
      })
    const data = parseJson(source.text, caseFileSchema, fileIssues, renamedSpellingIssues)
    if (data) fileIssues.push(...caseIssues(data), ...specIssues(data.spec, requirements, sources.spec.file))
    report(source.file, fileIssues)
    if (data && !sameOrder && !sameId) cases.push({ id, order, file: source.file, data })
  }
  cases.sort((a, b) => a.order - b.order)
  return { cases, byId }
}

/** Records `key` for `file`; returns the file that already had it. */
function claim<K>(seen: Map<K, string>, key: K, file: string): string | undefined {
  const earlier = seen.get(key)
  if (earlier === undefined) seen.set(key, file)
  return earlier
}

function badCaseName(folder: boolean): string {
  return (
    `${folder ? 'a folder' : 'a file'} whose name is not NNN-<id>.json (three digits, "-", a kebab-case id, e.g. ` +
    `012-cancel-idle.json); rename or move it, since anything else in cases/ would be skipped silently`
  )
}

function specIssues(spec: string[], requirements: Set<string>, specFile: string): FileIssue[] {
  if (!requirements.size) return []
  return spec.flatMap((req, i) =>
    requirements.has(req)
      ? []
      : [
          {
            path: `spec[${i}]`,
            message: `${req} is not declared in ${specFile} (declared: ${[...requirements].join(', ')})`,
          },
        ],
  )
}

function validateProfile(
  source: SourceFile,
  byId: ReadonlyMap<string, string>,
  report: Report,
): ConformanceProfile | undefined {
  const name = source.name.replace(/\.json$/, '')
  if (!source.name.endsWith('.json') || !KEBAB_NAME.test(name) || source.text === undefined) {
    report(source.file, [
      {
        path: '',
        message:
          'profiles/ holds only <name>.json files with a kebab-case name (e.g. core.json); rename or move this entry',
      },
    ])
    return undefined
  }
  const fileIssues: FileIssue[] = []
  const data = parseJson(source.text, profileFileSchema, fileIssues)
  const optional = data?.optional ?? []
  if (data) {
    const seen = new Map<string, string>()
    const listIssues = (list: string[], key: 'required' | 'optional') =>
      list.forEach((id, i) => {
        const path = `${key}[${i}]`
        if (!byId.has(id))
          fileIssues.push({ path, message: `no case has id ${JSON.stringify(id)}${suggest(id, [...byId.keys()])}` })
        const earlier = claim(seen, id, path)
        if (earlier)
          fileIssues.push({
            path,
            message: `${JSON.stringify(id)} is already listed at ${earlier}; list each case once`,
          })
      })
    listIssues(data.required, 'required')
    listIssues(optional, 'optional')
  }
  report(source.file, fileIssues)
  if (!data || fileIssues.length) return undefined
  return { name, file: source.file, description: data.description, required: data.required, optional }
}

function parseJson<S extends z.ZodType>(
  text: string,
  schema: S,
  issues: FileIssue[],
  renamedIn?: (steps: unknown) => FileIssue[],
): z.output<S> | undefined {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    const message = (error as Error).message
    const position = /position (\d+)/.exec(message)
    const line = position ? text.slice(0, Number(position[1])).split('\n').length : undefined
    issues.push({ path: '', line, message: `not valid JSON: ${message.replaceAll('\n', '\\n')}` })
    return undefined
  }
  const renamed = renamedIn?.((data as { steps?: unknown } | null)?.steps) ?? []
  const parsed = safeParseWorded(schema, data)
  if (!parsed.success || renamed.length) {
    issues.push(...withoutRenamed(renamed, parsed.error?.issues ?? []))
    return undefined
  }
  return parsed.data
}
