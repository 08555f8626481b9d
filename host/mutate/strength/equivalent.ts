// Mutants of dsh's measured files set aside as equivalent: no input can tell them from the
// original (docs/mutate.md, "What a mutation score means"). Each says why. Matched by file, line,
// mutator and replacement; one that no longer matches a mutant is reported as stale.

export interface Equivalent {
  file: string
  line: number
  mutator: string
  replacement: string
  why: string
}

export const EQUIVALENT_MUTANTS: readonly Equivalent[] = []
