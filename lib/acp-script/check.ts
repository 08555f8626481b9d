// The alias/reference checker (pure): names are unique and defined before use, a session name
// points at a session that exists, every background prompt is awaited exactly once, and each
// step kind's own rules. Every issue names the field that must change (`steps[3].session`).
import type { FileIssue } from '../file-issues.ts'
import type { NameKind, ScriptNames, ScriptStep, StepAt, StepKind } from './step-kind.ts'

export interface NamedStep {
  index: number
  op: string
  kind: NameKind
  /** Why the step is expected to fail, when it is. */
  fails?: string
}

interface CheckOptions {
  /** Sessions defined before the first step, and what they are (e.g. restored from session.source). */
  predefined?: { names: readonly string[]; what: string }
  /** Step names a host expects to fail, with why (conformance: `checks[0] is an error check on it`). */
  failing?: ReadonlyMap<string, string>
}

interface ScriptCheck {
  issues: FileIssue[]
  /** Every named step, for a host's own references (checks that name steps). */
  names: ReadonlyMap<string, NamedStep>
}

const PREDEFINED = -1
const listOf = (items: string[]) => (items.length ? items.join(', ') : 'none')

class NameChecker implements ScriptNames {
  readonly issues: FileIssue[] = []
  readonly names = new Map<string, NamedStep>()
  private readonly awaitedBy = new Map<string, number>()
  private index = 0

  constructor(
    private readonly steps: readonly ScriptStep[],
    private readonly options: CheckOptions,
  ) {
    for (const name of options.predefined?.names ?? [])
      this.names.set(name, { index: PREDEFINED, op: '', kind: 'session' })
  }

  issue(path: string, message: string): void {
    this.issues.push({ path, message })
  }

  expectsFailure(step: ScriptStep): boolean {
    return this.failure(step) !== undefined
  }

  session(path: string, name: string): void {
    const target = this.names.get(name)
    const sessions = this.named('session')
    if (!target) {
      const later = this.steps.findIndex((step, i) => i > this.index && step.as === name)
      this.issue(
        path,
        later >= 0
          ? `session ${JSON.stringify(name)} is used before it is defined (at steps[${later}]); move the ` +
              `defining step earlier`
          : `no earlier step defines session ${JSON.stringify(name)} (sessions named so far: ${listOf(sessions)}); ` +
              `define it with { "op": "newSession", "as": ${JSON.stringify(name)} }, or send a literal id with ` +
              `"sessionId"`,
      )
    } else if (target.kind !== 'session') {
      this.issue(
        path,
        `${JSON.stringify(name)} names steps[${target.index}] (${target.op}), not a session; sessions named so far: ` +
          `${listOf(sessions)}`,
      )
    } else if (target.fails) {
      this.issue(path, `session ${JSON.stringify(name)} is expected to fail (${target.fails}), so it never exists`)
    }
  }

  earlier(path: string, name: string): void {
    if (!this.names.has(name))
      this.issue(
        path,
        `no earlier step is named ${JSON.stringify(name)}; steps named so far: ${listOf([...this.names.keys()])}`,
      )
  }

  answered(path: string, name: string): void {
    const target = this.names.get(name)
    if (!target || target.index === PREDEFINED) this.earlier(path, name)
    else if (target.fails) this.issue(path, `${JSON.stringify(name)} is expected to fail (${target.fails}): no answer`)
    else if (target.kind === 'background-prompt')
      this.issue(path, `${JSON.stringify(name)} is a background prompt; refer to a step answered in order`)
  }

  awaited(path: string, name: string): void {
    const target = this.names.get(name)
    const previous = this.awaitedBy.get(name)
    if (!target) {
      const prompts = this.named('background-prompt')
      this.issue(
        path,
        `no earlier background prompt is named ${JSON.stringify(name)}; named so far: ${listOf(prompts)}`,
      )
    } else if (target.kind !== 'background-prompt') {
      const what = target.kind === 'session' ? 'a session' : `steps[${target.index}] (${target.op})`
      this.issue(path, `${JSON.stringify(name)} names ${what}, not a background prompt`)
    } else if (previous !== undefined) {
      this.issue(
        path,
        `background prompt ${JSON.stringify(name)} is already awaited by steps[${previous}]; await it once`,
      )
    } else this.awaitedBy.set(name, this.index)
  }

  visit(step: ScriptStep, index: number, kind: StepKind<never> | undefined): void {
    this.index = index
    const where: StepAt = { index, at: (field) => `steps[${index}]${field ? `.${field}` : ''}` }
    kind?.check?.(step, where, this)
    if (step.as !== undefined) this.define(step, where, kind?.names?.(step) ?? 'step')
  }

  unawaited(): void {
    for (const [name, named] of this.names) {
      if (named.kind === 'background-prompt' && !this.awaitedBy.has(name))
        this.issue(
          `steps[${named.index}].as`,
          `background prompt ${JSON.stringify(name)} is never awaited; add { "op": "await", "prompt": ` +
            `${JSON.stringify(name)} } after it`,
        )
    }
  }

  private define(step: ScriptStep & { as?: string }, where: StepAt, kind: NameKind): void {
    const name = step.as!
    const previous = this.names.get(name)
    if (previous?.index === PREDEFINED)
      this.issue(
        where.at('as'),
        `${JSON.stringify(name)} is reserved for ${this.options.predefined!.what}; pick another name`,
      )
    else if (previous)
      this.issue(where.at('as'), `${JSON.stringify(name)} already names steps[${previous.index}]; names must be unique`)
    else this.names.set(name, { index: where.index, op: step.op, kind, fails: this.failure(step) })
  }

  private failure(step: ScriptStep): string | undefined {
    if (step.expectError) return `steps[${this.steps.indexOf(step)}] has expectError`
    return step.as === undefined ? undefined : this.options.failing?.get(step.as)
  }

  /** Names the script itself gave (not the predefined ones), for "named so far" lists. */
  private named(kind: NameKind): string[] {
    return [...this.names]
      .filter(([, named]) => named.kind === kind && named.index !== PREDEFINED)
      .map(([name]) => name)
  }
}

/** Checks a parsed script against the rules of its step table. */
export function checkScript(
  steps: readonly ScriptStep[],
  kinds: readonly StepKind<never>[],
  options: CheckOptions = {},
): ScriptCheck {
  const byOp = new Map(kinds.map((kind) => [kind.op, kind]))
  const checker = new NameChecker(steps, options)
  steps.forEach((step, index) => checker.visit(step, index, byOp.get(step.op)))
  checker.unawaited()
  return { issues: checker.issues, names: checker.names }
}
