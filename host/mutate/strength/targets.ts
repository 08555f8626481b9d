// The files dsh's own corpus is measured on (issue 41 item 3), each with its target: the corpus
// alone kills ≥ 90 % of the non-equivalent mutants, except log-format.ts, whose strict-reader
// checks belong to unit tests: there the corpus and the plugin's unit tests together kill ≥ 95 %.

export interface StrengthTarget {
  file: string
  /** Percent of non-equivalent mutants killed (killed or timeout). */
  percent: number
  /** `corpus`: the scenarios alone; `corpus+unit`: with the plugin folder's unit tests. */
  by: 'corpus' | 'corpus+unit'
}

export const STRENGTH_TARGETS: readonly StrengthTarget[] = [
  { file: 'plugins/acp/projection.ts', percent: 90, by: 'corpus' },
  { file: 'plugins/agent/turn.ts', percent: 90, by: 'corpus' },
  { file: 'plugins/tools/edit-file.ts', percent: 90, by: 'corpus' },
  { file: 'plugins/session/log-format.ts', percent: 95, by: 'corpus+unit' },
]
