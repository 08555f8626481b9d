// Rules across the steps and checks of one case (pure): the steps' names and references are the
// shared script checker's (lib/acp-script/check.ts); here, what the case's checks refer to, and
// contradictions between checks. Each issue points at the field that must change.
import { type NamedStep, checkScript } from '../../lib/acp-script/check.ts'
import { editorClientIssues } from '../../lib/editor-client-schema.ts'
import type { FileIssue } from '../../lib/file-issues.ts'
import type { CaseFile } from './case-file.ts'
import type { CaseCheck } from './case-schema.ts'
import { CASE_STEPS } from './case-steps.ts'
import { SESSION_WORD } from './checks.ts'

const REQUEST_OPS = [
  'initialize',
  'newSession',
  'loadSession',
  'prompt',
  'setMode',
  'setConfigOption',
  'switchConfigOption',
  'setModel',
  'switchModel',
  'listSessions',
  'authenticate',
  'resumeSession',
  'forkSession',
  'closeSession',
  'deleteSession',
  'logout',
]
const SESSION_OPS = ['newSession', 'loadSession', 'resumeSession', 'forkSession']
const PROMPT_OPS = ['prompt']
const CONFIG_OPS = ['setConfigOption', 'switchConfigOption']

const listOf = (items: string[]) => (items.length ? items.join(', ') : 'none')

export function caseIssues(file: CaseFile): FileIssue[] {
  const failing = new Map<string, string>()
  file.checks.forEach((check, c) => {
    if (check.check === 'error' || check.check === 'configOptionError')
      failing.set(check.step, `checks[${c}] is an error check on it`)
  })
  const { issues, names } = checkScript(file.steps, CASE_STEPS, { failing })
  if (!file.steps.some((step) => step.op === 'initialize'))
    issues.push({
      path: 'steps',
      message:
        'the case never sends initialize; start its steps with { "op": "initialize" } (the runner sends only what ' +
        'the steps say)',
    })
  issues.push(...editorClientIssues(file.client))
  const refs = new CheckRefs(names, issues)
  file.checks.forEach((check, index) => refs.check(check, `checks[${index}]`, file))
  return issues
}

/** What the checks name: every reference resolves to a step of the right kind. */
class CheckRefs {
  constructor(
    private readonly names: ReadonlyMap<string, NamedStep>,
    private readonly issues: FileIssue[],
  ) {}

  check(check: CaseCheck, at: string, file: CaseFile): void {
    switch (check.check) {
      case 'sessionId':
        this.sessionIds(check.session, check.differentFrom ?? [], at)
        break
      case 'stopReason': {
        const fails = this.resolve(`${at}.prompt`, check.prompt, PROMPT_OPS, 'prompts')?.fails
        if (fails)
          this.issue(
            `${at}.prompt`,
            `${JSON.stringify(check.prompt)} is expected to fail (${fails}), so it has no stop reason`,
          )
        break
      }
      case 'noLateUpdates':
        this.resolve(`${at}.prompt`, check.prompt, PROMPT_OPS, 'prompts')
        break
      case 'error':
        this.resolve(`${at}.step`, check.step, REQUEST_OPS, 'request steps')
        this.sessionWords(check.words ?? [], at)
        break
      case 'configOptionResponse':
      case 'configOptionError':
        this.resolve(`${at}.step`, check.step, CONFIG_OPS, 'config option steps')
        break
      case 'updateCount':
      case 'updatesNameSession':
      case 'updateText':
      case 'updateKinds':
      case 'toolCalls':
        this.window(check, at)
        if (check.check === 'updateCount') this.bounds(at, check.min, check.max)
        break
      case 'permissionRequests':
      case 'reverseCalls':
        if (check.check === 'permissionRequests') this.resolve(`${at}.session`, check.session, SESSION_OPS, 'sessions')
        if (check.min === undefined && check.max === undefined)
          this.issue(at, `${check.check} needs "min", "max" or both`)
        this.bounds(at, check.min, check.max)
        break
      case 'clientTerminal':
        if (file.client?.terminal !== true)
          this.issue(at, 'the case does not advertise terminals; add "client": {"terminal": true}')
        break
      case 'subagentSessions':
        if (file.client?.subagents !== true)
          this.issue(at, 'the case does not advertise subagents; add "client": {"subagents": true}')
        break
      case 'workspaceFile':
        if (check.exists === false && check.contains !== undefined)
          this.issue(
            `${at}.contains`,
            'a file expected not to exist cannot contain text; drop "contains" or "exists": false',
          )
        break
    }
  }

  private window(check: { session?: string; from?: string; through?: string }, at: string): void {
    this.resolve(`${at}.session`, check.session, SESSION_OPS, 'sessions')
    const from = this.resolve(`${at}.from`, check.from, 'any', 'steps')
    const through = this.resolve(`${at}.through`, check.through, 'any', 'steps')
    if (from && through && through.index < from.index)
      this.issue(
        `${at}.through`,
        `${JSON.stringify(check.through)} (steps[${through.index}]) comes before "from" ` +
          `${JSON.stringify(check.from)} (steps[${from.index}]); swap them`,
      )
  }

  private sessionIds(session: string, differentFrom: string[], at: string): void {
    this.resolve(`${at}.session`, session, SESSION_OPS, 'sessions')
    differentFrom.forEach((other, i) => {
      if (this.resolve(`${at}.differentFrom[${i}]`, other, SESSION_OPS, 'sessions') && other === session)
        this.issue(`${at}.differentFrom[${i}]`, 'a session cannot differ from itself; name another newSession step')
    })
  }

  /** `{{session:NAME}}` in an error check's words names a session of the case. */
  private sessionWords(words: string[], at: string): void {
    words.forEach((word, i) => {
      for (const [, name] of word.matchAll(SESSION_WORD))
        this.resolve(`${at}.words[${i}]`, name, SESSION_OPS, 'sessions')
    })
  }

  private bounds(at: string, min: number | undefined, max: number | undefined): void {
    if (min !== undefined && max !== undefined && max < min) this.issue(`${at}.max`, `max ${max} is below min ${min}`)
  }

  /** A reference to a step of one of `ops` (or any step); returns it when valid. */
  private resolve(path: string, name: string | undefined, ops: string[] | 'any', what: string): NamedStep | undefined {
    if (name === undefined) return undefined
    const target = this.names.get(name)
    const allowed = [...this.names].filter(([, n]) => ops === 'any' || ops.includes(n.op)).map(([n]) => n)
    if (!target) {
      this.issue(path, `no step is named ${JSON.stringify(name)}; ${what} named so far: ${listOf(allowed)}`)
      return undefined
    }
    if (ops !== 'any' && !ops.includes(target.op)) {
      this.issue(
        path,
        `${JSON.stringify(name)} is a ${target.op} step (steps[${target.index}]); this must name a ` +
          `${ops.join(' or ')} step: ${listOf(allowed)}`,
      )
      return undefined
    }
    return target
  }

  private issue(path: string, message: string): void {
    this.issues.push({ path, message })
  }
}
