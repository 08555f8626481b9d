// Mutants of dsh's measured files set aside as equivalent: no input can tell them from the
// original (docs/mutate.md, "What a mutation score means"). Each says why. Matched by file, line,
// mutator, original text and replacement; one that no longer matches a mutant is reported as stale.

export interface Equivalent {
  file: string
  line: number
  mutator: string
  /** The text the mutant replaces: two mutants of one line and mutator differ here. */
  original: string
  replacement: string
  why: string
}

/** turn.ts's fallback for a model stream that ended without a finish chunk. */
const FINISHLESS_ERROR = "{ message: 'model stream ended without a finish', code: 'INCOMPLETE_STREAM' }"
const FINISHLESS = `{\n      reason: 'error' as const,\n      error: ${FINISHLESS_ERROR},\n    }`
const UNREACHABLE_FINISHLESS =
  'the fallback never runs: the llm service guards every stream (guardStream, plugins/llm/normalize-stream.ts), ' +
  'which ends one without a finish chunk with its own INCOMPLETE_STREAM finish, and a retry cut short by a ' +
  'cancel sets finish aborted (model-call.ts), so draft.finish is always set'

export const EQUIVALENT_MUTANTS: readonly Equivalent[] = [
  {
    file: 'plugins/acp/projection.ts',
    line: 43,
    mutator: 'ConditionalExpression',
    original: "chunk.type === 'reasoning-delta'",
    replacement: 'true',
    why:
      'only text-delta and reasoning-delta chunks carry text (plugins/llm/types.ts), and text-delta returned on ' +
      'the line above: what reaches `&& chunk.text` with text is a reasoning delta either way',
  },
  {
    file: 'plugins/agent/turn.ts',
    line: 98,
    mutator: 'ObjectLiteral',
    original: FINISHLESS,
    replacement: '{}',
    why: UNREACHABLE_FINISHLESS,
  },
  {
    file: 'plugins/agent/turn.ts',
    line: 100,
    mutator: 'ObjectLiteral',
    original: FINISHLESS_ERROR,
    replacement: '{}',
    why: UNREACHABLE_FINISHLESS,
  },
  {
    file: 'plugins/agent/turn.ts',
    line: 100,
    mutator: 'StringLiteral',
    original: "'model stream ended without a finish'",
    replacement: '""',
    why: UNREACHABLE_FINISHLESS,
  },
  {
    file: 'plugins/agent/turn.ts',
    line: 100,
    mutator: 'StringLiteral',
    original: "'INCOMPLETE_STREAM'",
    replacement: '""',
    why: UNREACHABLE_FINISHLESS,
  },
  {
    file: 'plugins/agent/turn.ts',
    line: 144,
    mutator: 'StringLiteral',
    original: "'aborted'",
    replacement: '""',
    why:
      'an aborted finish falls to the default case, runs no tool call (the step has none) and runToolCalls ' +
      'returns the aborted signal, so the turn still ends cancelled after the same step/end',
  },
  {
    file: 'plugins/agent/turn.ts',
    line: 148,
    mutator: 'ConditionalExpression',
    original: 'default:\n      return undefined',
    replacement: 'default:',
    why: 'a default case without `return undefined` returns undefined all the same',
  },
  {
    file: 'plugins/tools/edit-file.ts',
    line: 56,
    mutator: 'BooleanLiteral',
    original: 'false',
    replacement: 'true',
    why:
      'openForReplace(target, true) may create the folder; confineExisting has already required the file, so its ' +
      'folder exists and nothing is created',
  },
]
