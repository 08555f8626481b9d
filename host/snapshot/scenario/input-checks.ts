// Rules of an input script that span steps: aliases are defined once and before
// use, background prompts are awaited exactly once, and options that only make
// sense together appear together. Pure; each issue names the offending step.
import type { FileIssue } from '../../../lib/file-issues.ts'
import type { InputStep, ScenarioInput } from './input.ts'

/** `recorded` = the source's session.jsonl, `recorded1` = session.1.jsonl, … (host/snapshot/env/prepare.ts). */
export const RECORDED_SESSION_ALIASES = ['recorded', 'recorded1', 'recorded2', 'recorded3']

type AliasKind = 'session' | 'failed-session' | 'background-prompt'
interface AliasDefinition {
  kind: AliasKind
  step: number
}

/** Where each alias is defined, in step order (also used to say "defined later"). */
function aliasDefinitions(steps: readonly InputStep[]): Array<{ alias: string; step: number; kind: AliasKind }> {
  const out: Array<{ alias: string; step: number; kind: AliasKind }> = []
  steps.forEach((step, index) => {
    if (step.op === 'newSession' || step.op === 'loadSession') {
      if (step.as !== undefined)
        out.push({ alias: step.as, step: index, kind: step.expectError ? 'failed-session' : 'session' })
    } else if (step.op === 'prompt' && step.as !== undefined && step.background) {
      out.push({ alias: step.as, step: index, kind: 'background-prompt' })
    }
  })
  return out
}

export function inputCrossStepIssues(input: ScenarioInput): FileIssue[] {
  const issues: FileIssue[] = []
  const steps = input.steps
  const all = aliasDefinitions(steps)
  const defined = new Map<string, AliasDefinition>()
  // Sessions restored from snapshot.yml's session.source (the host defines them before step 1).
  for (const alias of RECORDED_SESSION_ALIASES) defined.set(alias, { kind: 'session', step: -1 })
  const awaited = new Map<string, number>()
  const at = (index: number, field?: string) => `steps[${index}]${field ? `.${field}` : ''}`

  const checkSessionRef = (index: number, ref: string, literalAllowed: boolean) => {
    const definition = defined.get(ref)
    if (definition?.kind === 'session') return
    if (definition?.kind === 'failed-session') {
      issues.push({
        path: at(index, 'session'),
        message:
          `${JSON.stringify(ref)} was defined by ${at(definition.step)}, which expects an error, so that ` +
          `session never exists`,
      })
    } else if (definition?.kind === 'background-prompt') {
      issues.push({
        path: at(index, 'session'),
        message: `${JSON.stringify(ref)} names a background prompt, not a session`,
      })
    } else if (!literalAllowed) {
      const later = all.find((d) => d.alias === ref && d.step > index)
      issues.push({
        path: at(index, 'session'),
        message: later
          ? `session alias ${JSON.stringify(ref)} is used before it is defined (at ${at(later.step)}); move the ` +
            `defining step earlier`
          : `no earlier step defines session alias ${JSON.stringify(ref)}; define it with { "op": "newSession", ` +
            `"as": ${JSON.stringify(ref)} }${literalAllowedHint(steps[index]!)}`,
      })
    }
  }

  const define = (index: number, alias: string, kind: AliasKind) => {
    const previous = defined.get(alias)
    if (previous?.step === -1)
      issues.push({
        path: at(index, 'as'),
        message:
          `alias ${JSON.stringify(alias)} is reserved for a session restored from session.source; pick ` +
          `another name`,
      })
    else if (previous)
      issues.push({
        path: at(index, 'as'),
        message: `alias ${JSON.stringify(alias)} is already defined by ${at(previous.step)}; pick a new name`,
      })
    else defined.set(alias, { kind, step: index })
  }

  steps.forEach((step, index) => {
    switch (step.op) {
      case 'initialize':
        break
      case 'newSession':
        if (step.cwd !== undefined && !step.expectError) {
          issues.push({
            path: at(index, 'cwd'),
            message: 'cwd is only for invalid-cwd tests and needs expectError; drop it to use the temp cwd',
          })
        }
        define(index, step.as, step.expectError ? 'failed-session' : 'session')
        break
      case 'loadSession':
        checkSessionRef(index, step.session, step.expectError !== undefined)
        if (step.as !== undefined) define(index, step.as, step.expectError ? 'failed-session' : 'session')
        break
      case 'prompt':
        if ((step.text === undefined) === (step.content === undefined)) {
          issues.push({
            path: at(index),
            message:
              step.text === undefined ? 'a prompt needs text or content' : 'give either text or content, not both',
          })
        }
        checkSessionRef(index, step.session, step.expectError !== undefined)
        if (step.background && step.as === undefined) {
          issues.push({
            path: at(index, 'background'),
            message: 'a background prompt needs "as" so a later await step can collect its response',
          })
        } else if (!step.background && step.as !== undefined) {
          issues.push({
            path: at(index, 'as'),
            message: '"as" names a background prompt for a later await; add "background": true or drop "as"',
          })
        } else if (step.as !== undefined) {
          define(index, step.as, 'background-prompt')
        }
        break
      case 'cancel':
        checkSessionRef(index, step.session, false)
        break
      case 'setMode':
        checkSessionRef(index, step.session, step.expectError !== undefined)
        break
      case 'listSessions':
        if (step.cursor !== undefined && !step.expectError)
          issues.push({
            path: at(index, 'cursor'),
            message: 'cursor is only for invalid-cursor tests and needs expectError; drop it to list from the start',
          })
        break
      case 'await': {
        const definition = defined.get(step.from)
        const previous = awaited.get(step.from)
        if (!definition) {
          issues.push({
            path: at(index, 'from'),
            message: `no earlier background prompt is named ${JSON.stringify(step.from)}`,
          })
        } else if (definition.kind !== 'background-prompt') {
          issues.push({
            path: at(index, 'from'),
            message: `${JSON.stringify(step.from)} names a session, not a background prompt`,
          })
        } else if (previous !== undefined) {
          issues.push({
            path: at(index, 'from'),
            message: `${JSON.stringify(step.from)} was already awaited by ${at(previous)}`,
          })
        } else {
          awaited.set(step.from, index)
        }
        break
      }
      case 'waitFor':
        checkSessionRef(index, step.session, false)
        if (step.count !== undefined && step.turn !== undefined) {
          issues.push({ path: at(index), message: 'give count or turn, not both' })
        }
        if (step.turn !== undefined && step.event.startsWith('permission/')) {
          issues.push({ path: at(index, 'turn'), message: `${step.event} events carry no turn; use count instead` })
        }
        break
    }
  })

  if (input.client?.buffers && !input.client.fs?.readTextFile)
    issues.push({
      path: 'client.buffers',
      message: 'buffers are served by fs/read_text_file; set client.fs.readTextFile to true or drop them',
    })

  for (const [alias, definition] of defined) {
    if (definition.kind === 'background-prompt' && !awaited.has(alias)) {
      issues.push({
        path: at(definition.step, 'as'),
        message:
          `background prompt ${JSON.stringify(alias)} is never awaited; add { "op": "await", "from": ` +
          `${JSON.stringify(alias)} } after it`,
      })
    }
  }
  return issues
}

function literalAllowedHint(step: InputStep): string {
  return step.op === 'prompt' || step.op === 'loadSession' || step.op === 'setMode'
    ? ', or add expectError to send it literally as an unknown session id'
    : ''
}
