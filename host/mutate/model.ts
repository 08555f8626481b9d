// What `dsh mutate` knows about a mutant, how it ended, and the report it adds up to (the --json
// shape is ./report-json.ts's zod schema of these).

interface Position {
  line: number
  column: number
}

export interface MutantInfo {
  /** `<file>#<switchId>`: unique in a run, stable while the file's text is. */
  id: string
  /** The instrumenter's id inside its file: what `__STRYKER_ACTIVE_MUTANT__` names. */
  switchId: string
  file: string
  mutator: string
  /** The code the mutant puts in place of `original`. */
  replacement: string
  original: string
  line: number
  location: { start: Position; end: Position }
}

export const MUTANT_STATUSES = ['killed', 'survived', 'timeout', 'noCoverage'] as const
type MutantStatus = (typeof MUTANT_STATUSES)[number]

export interface MutantResult extends MutantInfo {
  status: MutantStatus
  /** The scenarios whose run reached the mutant's code (in the unmutated coverage pass). */
  coveredBy: string[]
  /** The scenario that failed (killed) or did not finish (timeout). */
  killedBy?: string
  /** Read from the cache of an earlier run rather than run now. */
  cached?: boolean
}

/** Which mutants each scenario's unmutated run reached, and which ran as the modules loaded (static). */
export interface Coverage {
  perScenario: Record<string, Record<string, number>>
  /** Switch ids (per file) reached outside any scenario: module bodies run once at load. */
  static: Record<string, number>
  /** The target files some scenario's run loaded. */
  loaded: string[]
  durations: Record<string, number>
}

export type Counts = Record<MutantStatus, number>

export interface Summary extends Counts {
  total: number
  /** (killed + timeout) / total, in percent (Stryker's mutation score); null without mutants. */
  score: number | null
}
