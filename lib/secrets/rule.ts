// The shape of a secret-scan rule (rules.ts, token-rules.ts) and of the identity the local rules stand for.

export interface SecretRule {
  id: string
  /** What a hit means, for the refusal message. */
  what: string
  /** What a hit looks like; group 1, when there is one, is the value the tests judge. */
  pattern?: RegExp
  /** Instead of a pattern: the matches, found by code (a shape a regular expression finds slowly). */
  find?: (text: string) => RawMatch[]
  /** The rule can only match where one of these occurs (as written): a text without them is skipped. */
  literals?: readonly string[]
  /** Characters a match extends over to its left (an address's local part), at most 64 of them. */
  extendsLeftOver?: RegExp
  /** A captured value must look random (Shannon entropy, bits per character) to count. */
  minEntropy?: number
  /** A further test of the value (group 1, else the match): false leaves the match out. */
  check?: (value: string) => boolean
  /** Also matched where line breaks inside a token are taken out (a key a terminal wrapped; scan.ts). */
  joinsLines?: boolean
}

/** The user's own identifiers, which differ per machine and so cannot be fixed patterns. */
export interface LocalIdentity {
  home?: string
  hostname?: string
}

/** A match before the value's tests: where it is, how long, and the value (a group or the whole). */
export interface RawMatch {
  index: number
  length: number
  value: string
}
