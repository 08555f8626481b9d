// Rules across the steps and checks of one case (pure): step names are unique, every
// reference names an earlier step of the right kind, background prompts are awaited, and
// no check contradicts another. Each issue points at the field that must change.
import type { FileIssue } from '../../lib/file-issues.ts'
import type { CaseCheck, CaseFile, CaseStep, StepOp } from './case-schema.ts'

interface Named {
  index: number
  op: StepOp
}

const REQUEST_OPS: StepOp[] = ['newSession', 'prompt', 'promptBackground']
const PROMPT_OPS: StepOp[] = ['prompt', 'promptBackground']

export function caseRefIssues(file: CaseFile): FileIssue[] {
  const issues: FileIssue[] = []
  const names = new Map<string, Named>()
  const issue = (path: string, message: string) => issues.push({ path, message })
  const known = (ops: StepOp[]) => [...names].filter(([, n]) => ops.includes(n.op)).map(([name]) => name)
  const listOf = (items: string[]) => (items.length ? items.join(', ') : 'none')

  /** Checks a reference to an earlier (or any, for checks) step of one of `ops`; returns it when valid. */
  const resolve = (path: string, name: string | undefined, ops: StepOp[] | 'any', what: string): Named | undefined => {
    if (name === undefined) return undefined
    const target = names.get(name)
    const allowed = ops === 'any' ? [...names.keys()] : known(ops)
    if (!target) {
      issue(
        path,
        `no ${inSteps ? 'earlier ' : ''}step is named ${JSON.stringify(name)}; ${what} named so far: ` +
          `${listOf(allowed)}`,
      )
      return undefined
    }
    if (ops !== 'any' && !ops.includes(target.op)) {
      issue(
        path,
        `${JSON.stringify(name)} is a ${target.op} step (steps[${target.index}]); this must name a ` +
          `${ops.join(' or ')} step: ${listOf(allowed)}`,
      )
      return undefined
    }
    return target
  }

  // Steps may only name earlier steps; checks run after all of them.
  let inSteps = true
  const failing = new Map<string, number>()
  file.checks.forEach((check, c) => {
    if (check.check === 'error') failing.set(check.step, c)
  })

  const background = new Map<string, { index: number; awaited: boolean }>()
  file.steps.forEach((step: CaseStep, index) => {
    const at = `steps[${index}]`
    if (
      (step.op === 'prompt' || step.op === 'promptBackground' || step.op === 'cancel') &&
      (step.session === undefined) === (step.sessionId === undefined)
    ) {
      issue(
        at,
        `${step.op} needs exactly one of "session" (the name of a newSession step) and "sessionId" (a literal id)`,
      )
    }
    if (
      (step.op === 'prompt' || step.op === 'promptBackground') &&
      (step.text === undefined) === (step.content === undefined)
    ) {
      issue(at, `${step.op} needs exactly one of "text" and "content"`)
    }
    if ('session' in step && step.session !== undefined) {
      const target = resolve(`${at}.session`, step.session, ['newSession'], 'sessions')
      const check = target ? failing.get(step.session) : undefined
      if (check !== undefined)
        issue(
          `${at}.session`,
          `session ${JSON.stringify(step.session)} is expected to fail (checks[${check}] is an error check on it), ` +
            `so it has no id to use`,
        )
    }
    if (step.op === 'waitUpdates') resolve(`${at}.from`, step.from, 'any', 'steps')
    if (step.op === 'awaitBackground') {
      const pending = background.get(step.prompt)
      if (resolve(`${at}.prompt`, step.prompt, ['promptBackground'], 'background prompts') && pending) {
        if (pending.awaited)
          issue(
            `${at}.prompt`,
            `background prompt ${JSON.stringify(step.prompt)} is already awaited by an earlier step; await it once`,
          )
        pending.awaited = true
      }
    }
    if (step.as !== undefined) {
      const previous = names.get(step.as)
      if (previous)
        issue(
          `${at}.as`,
          `${JSON.stringify(step.as)} already names steps[${previous.index}]; step names must be unique in a case`,
        )
      else names.set(step.as, { index, op: step.op })
      if (step.op === 'promptBackground' && !previous) background.set(step.as, { index, awaited: false })
    }
  })
  inSteps = false
  for (const [name, pending] of background) {
    if (!pending.awaited)
      issue(
        `steps[${pending.index}].as`,
        `background prompt ${JSON.stringify(name)} is never awaited; add {"op": "awaitBackground", "prompt": ` +
          `${JSON.stringify(name)}} after it`,
      )
  }

  if (file.client?.buffers && !(file.client.fs?.readTextFile ?? false))
    issue('client.buffers', 'buffers are served by fs/read_text_file; set client.fs.readTextFile to true or drop them')

  file.checks.forEach((check: CaseCheck, index) => {
    const at = `checks[${index}]`
    switch (check.check) {
      case 'sessionId':
        resolve(`${at}.session`, check.session, ['newSession'], 'sessions')
        check.differentFrom?.forEach((other, i) => {
          if (resolve(`${at}.differentFrom[${i}]`, other, ['newSession'], 'sessions') && other === check.session)
            issue(`${at}.differentFrom[${i}]`, 'a session cannot differ from itself; name another newSession step')
        })
        break
      case 'stopReason':
        if (resolve(`${at}.prompt`, check.prompt, PROMPT_OPS, 'prompts') && failing.has(check.prompt)) {
          issue(
            `${at}.prompt`,
            `${JSON.stringify(check.prompt)} is expected to fail (checks[${failing.get(check.prompt)}]), so it has ` +
              `no stop reason`,
          )
        }
        break
      case 'noLateUpdates':
        resolve(`${at}.prompt`, check.prompt, PROMPT_OPS, 'prompts')
        break
      case 'error':
        resolve(`${at}.step`, check.step, REQUEST_OPS, 'request steps')
        break
      case 'updateCount':
      case 'updatesNameSession':
      case 'updateText':
      case 'updateKinds':
      case 'toolCalls': {
        resolve(`${at}.session`, check.session, ['newSession'], 'sessions')
        const from = resolve(`${at}.from`, check.from, 'any', 'steps')
        const through = resolve(`${at}.through`, check.through, 'any', 'steps')
        if (from && through && through.index < from.index)
          issue(
            `${at}.through`,
            `${JSON.stringify(check.through)} (steps[${through.index}]) comes before "from" ` +
              `${JSON.stringify(check.from)} (steps[${from.index}]); swap them`,
          )
        if (check.check === 'updateCount' && check.max !== undefined && check.max < check.min)
          issue(`${at}.max`, `max ${check.max} is below min ${check.min}`)
        break
      }
      case 'permissionRequests':
        resolve(`${at}.session`, check.session, ['newSession'], 'sessions')
        if (check.min === undefined && check.max === undefined)
          issue(at, 'permissionRequests needs "min", "max" or both')
        if (check.min !== undefined && check.max !== undefined && check.max < check.min)
          issue(`${at}.max`, `max ${check.max} is below min ${check.min}`)
        break
      case 'reverseCalls':
        if (check.min === undefined && check.max === undefined) issue(at, 'reverseCalls needs "min", "max" or both')
        if (check.min !== undefined && check.max !== undefined && check.max < check.min)
          issue(`${at}.max`, `max ${check.max} is below min ${check.min}`)
        break
      case 'clientTerminal':
        if (file.client?.terminal !== true)
          issue(at, 'the case does not advertise terminals; add "client": {"terminal": true}')
        break
      case 'workspaceFile':
        if (check.exists === false && check.contains !== undefined)
          issue(
            `${at}.contains`,
            'a file expected not to exist cannot contain text; drop "contains" or "exists": false',
          )
        break
    }
  })
  return issues
}
