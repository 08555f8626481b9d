import type { StepKind } from './step-kind.ts'

/** How messages name a step: `steps[2] (prompt "p1" in s1 "hello")`; the index is the JSON path's. */
export function stepLabel(index: number, op: string, as?: string, detail?: string): string {
  return `steps[${index}] (${op}${as !== undefined ? ` ${JSON.stringify(as)}` : ''}${detail ? ` ${detail}` : ''})`
}

export function describeStep(step: { op: string; as?: string }, index: number, kind?: StepKind<never>): string {
  return stepLabel(index, step.op, step.as, kind?.describe?.(step))
}
