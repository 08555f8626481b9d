// What `dsh review` asks about one pending file and how it reads the answer: a single key at a
// terminal (a, r, s, A, R, q), or the same letter or word on a line when stdin is a pipe.
import { INTERRUPT_KEYS } from './terminal-answer.ts'

/** One file's fate, or the rest of its scenario's (`accept-scenario`), or the end of the review. */
export type ReviewChoice = 'accept' | 'reject' | 'skip' | 'accept-scenario' | 'reject-scenario' | 'quit'

export function reviewQuestion(file: string, scenario: string): string {
  return `${file}: [a]ccept, [r]eject, [s]kip, [A]ccept all of ${scenario}, [R]eject all of ${scenario}, [q]uit? `
}

const ANSWERS: ReadonlyArray<readonly [ReviewChoice, readonly string[]]> = [
  ['accept', ['a', 'accept']],
  ['reject', ['r', 'reject']],
  // Enter skips, as a default that changes nothing.
  ['skip', ['s', 'skip', '']],
  ['accept-scenario', ['A', 'accept all']],
  ['reject-scenario', ['R', 'reject all']],
  ['quit', ['q', 'Q', 'quit', ...INTERRUPT_KEYS]],
]

/** The choice an answer names; undefined when it names none (the question is asked again). */
export function parseReviewAnswer(answer: string): ReviewChoice | undefined {
  // trim() also takes the Enter key's \r or \n; Ctrl-C and Ctrl-D are not whitespace and stay.
  const given = answer.trim()
  // One letter keeps its case (A is all of the scenario, a is this file); words are read in any case.
  const key = given.length === 1 ? given : given.toLowerCase()
  return ANSWERS.find(([, spellings]) => spellings.includes(key))?.[0]
}
