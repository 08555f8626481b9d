// replay.override.json: strict validation and application (format in docs/replay.md).
// An override REPLACES a session's whole derived script, or PATCHES derived entries by
// position; each part targets one recorded session by index (0 = session.jsonl).
import { docFile } from '../../lib/package-root.ts'
import { z } from 'zod'
import type { ScriptEntry, StepRef } from './derive.ts'
import { jsonPath, safeParseWorded, zodIssuesToFileIssues } from '../../lib/file-issues.ts'
import { plural } from '../../lib/plural.ts'
import { entrySchema, toReplayEntry } from './schema.ts'

const sessionIndex = z.number().int().nonnegative()
const position = z.number().int().nonnegative()

const PatchOpSchema = z
  .strictObject({
    index: position.optional(),
    before: position.optional(),
    entry: entrySchema(false),
  })
  .superRefine((op, ctx) => {
    if ((op.index === undefined) === (op.before === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [],
        message: 'a patch needs exactly one of "index" (replace that derived entry) or "before" (insert before it)',
      })
    }
    if (op.before !== undefined && op.entry.at === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['entry', 'at'],
        message: 'an inserted entry needs "at": {"turn": T, "step": S}, the model call it stands for',
      })
    }
  })

const partShape = {
  entries: z.array(entrySchema(true)).optional(),
  patch: z.array(PatchOpSchema).optional(),
}

const PartSchema = z.strictObject({ session: sessionIndex, ...partShape })

const OverrideFileSchema = z
  .strictObject({ session: sessionIndex.optional(), ...partShape, sessions: z.array(PartSchema).optional() })
  .superRefine((file, ctx) => {
    const topLevel = file.session !== undefined || file.entries !== undefined || file.patch !== undefined
    if (file.sessions !== undefined) {
      if (topLevel)
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: 'use either top-level "entries"/"patch"/"session" or a "sessions" list, not both',
        })
      file.sessions.forEach((part, index) => requireOneAction(part, ['sessions', index], ctx))
      const seen = new Map<number, number>()
      file.sessions.forEach((part, index) => {
        const first = seen.get(part.session)
        if (first !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['sessions', index, 'session'],
            message: `session ${part.session} is already targeted by $.sessions[${first}]; merge the two parts`,
          })
        else seen.set(part.session, index)
      })
    } else {
      requireOneAction(file, [], ctx)
    }
  })

function requireOneAction(
  part: { entries?: unknown; patch?: unknown },
  path: (string | number)[],
  ctx: z.RefinementCtx,
) {
  if ((part.entries === undefined) === (part.patch === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path,
      message:
        'needs exactly one of "entries" (replace the whole script) or "patch" (change derived entries by position)',
    })
  }
}

type EntryInput = z.infer<ReturnType<typeof entrySchema>>

/** A validated override for one session. `path` is the part's JSON path, for later errors. */
export interface OverridePart {
  file: string
  session: number
  path: string
  /** Set when the part explicitly named its session (a per-session override file must not name another). */
  explicitSession: boolean
  action:
    | { kind: 'replace'; entries: EntryInput[] }
    | { kind: 'patch'; ops: Array<{ index?: number; before?: number; entry: EntryInput }> }
}

/**
 * Parse and validate the text of an override file. Parts that do not name a session
 * target `defaultSession`. Throws one error listing every problem as `file: $.path: …`.
 */
export function parseOverride(text: string, file: string, defaultSession = 0): OverridePart[] {
  let input: unknown
  try {
    input = JSON.parse(text)
  } catch (error) {
    throw new Error(
      `${file}: not valid JSON (${(error as Error).message}); see ${docFile('replay.md')} for the override format`,
    )
  }
  const result = safeParseWorded(OverrideFileSchema, input)
  if (!result.success) {
    throw new Error(`invalid replay override (see ${docFile('replay.md')}):\n${issueLines(file, result.error.issues)}`)
  }
  const value = result.data
  if (value.sessions) {
    return value.sessions.map((part, index) => toPart(file, part, part.session, `$.sessions[${index}]`, true))
  }
  return [toPart(file, value, value.session ?? defaultSession, '$', value.session !== undefined)]
}

/** `file: $.path: what is wrong`, one line per issue, at most `limit` (the first ones are the useful ones). */
function issueLines(file: string, issues: readonly z.core.$ZodIssue[], limit = 8): string {
  const all = zodIssuesToFileIssues(issues)
  const lines = all.slice(0, limit).map((issue) => `${file}: ${jsonPath(issue.path)}: ${issue.message}`)
  if (all.length > limit) lines.push(`… and ${plural(all.length - limit, 'more problem')} in ${file}`)
  return lines.join('\n')
}

function toPart(
  file: string,
  part: z.infer<typeof PartSchema> | Omit<z.infer<typeof PartSchema>, 'session'>,
  session: number,
  path: string,
  explicitSession: boolean,
): OverridePart {
  const action: OverridePart['action'] = part.entries
    ? { kind: 'replace', entries: part.entries }
    : { kind: 'patch', ops: part.patch ?? [] }
  return { file, session, path, explicitSession, action }
}

/** Apply one part to a session's derived script. `label` names the session for errors. */
export function applyOverride(derived: ScriptEntry[], part: OverridePart, label: string): ScriptEntry[] {
  const { action } = part
  if (action.kind === 'replace') {
    return action.entries.map((input, index) =>
      fromInput(input, input.at as StepRef, part, `${part.path}.entries[${index}]`),
    )
  }

  const replaced = new Map<number, ScriptEntry>()
  const inserted = new Map<number, ScriptEntry[]>()
  const problems: string[] = []
  action.ops.forEach((op, index) => {
    const opPath = `${part.path}.patch[${index}]`
    if (op.index !== undefined) {
      // A replacement stands for the derived call: its identity too, unless it names its own place.
      const own = derived[op.index]
      if (own === undefined) {
        problems.push(
          `${part.file}: ${opPath}.index: there is no derived entry ${op.index} to replace; ${label} derives ` +
            `${countEntries(derived.length)}. Use "before": ${derived.length} to append a call instead`,
        )
        return
      }
      if (replaced.has(op.index)) {
        problems.push(
          `${part.file}: ${opPath}.index: entry ${op.index} is already replaced by an earlier patch; keep one`,
        )
        return
      }
      const entry = fromInput(op.entry, op.entry.at ?? own.at, part, `${opPath}.entry`)
      replaced.set(op.index, op.entry.at ? entry : { ...entry, ...identityOf(own) })
    } else {
      const before = op.before as number
      if (before > derived.length) {
        problems.push(
          `${part.file}: ${opPath}.before: position ${before} is past the end; ${label} derives ` +
            `${countEntries(derived.length)}, so "before" can be at most ${derived.length} (append)`,
        )
        return
      }
      const list = inserted.get(before) ?? []
      list.push(fromInput(op.entry, op.entry.at as StepRef, part, `${opPath}.entry`))
      inserted.set(before, list)
    }
  })
  if (problems.length) throw new Error(`invalid replay override for ${label}:\n${problems.join('\n')}`)

  // Positions always refer to the derived script, so several patches never shift each other.
  const script: ScriptEntry[] = []
  for (const [index, entry] of derived.entries()) {
    script.push(...(inserted.get(index) ?? []))
    script.push(replaced.get(index) ?? entry)
  }
  script.push(...(inserted.get(derived.length) ?? []))
  return script
}

function fromInput(input: EntryInput, at: StepRef, part: OverridePart, path: string): ScriptEntry {
  const place = { turn: at.turn, step: at.step }
  const identity = identityOf(input.at ?? {})
  return { at: place, ...identity, entry: toReplayEntry(input), source: { from: 'override', file: part.file, path } }
}

/** The attempt and purpose an entry names (an override's `at` may give them), leaving out what it does not. */
function identityOf(place: Pick<ScriptEntry, 'attempt' | 'purpose'>): Pick<ScriptEntry, 'attempt' | 'purpose'> {
  return {
    ...(place.attempt === undefined ? {} : { attempt: place.attempt }),
    ...(place.purpose === undefined ? {} : { purpose: place.purpose }),
  }
}

function countEntries(length: number): string {
  return length === 0
    ? 'no entries'
    : length === 1
      ? '1 entry (index 0)'
      : `${plural(length, 'entry', 'entries')} (indexes 0–${length - 1})`
}
