// The derived script against scenarios whose input.json was written by hand for the same logs:
// the same steps (prompts as content blocks, background names aside), and valid as input.json.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { INTERRUPTED_CALL_OUTPUT } from '../../../plugins/agent/interrupted.ts'
import { type LoggedEvent, parseSessionLog } from '../../../plugins/session/log-format.ts'
import { readInput } from '../test-support/scenario-file.ts'
import { deriveScript } from './derive-script.ts'
import { eventsWithChildren } from './merge-children.ts'

const committed = (name: string) => {
  const log = parseSessionLog(readFileSync(packageFile('scenarios', name, 'session.jsonl'), 'utf8'), name)
  const input = JSON.parse(readFileSync(packageFile('scenarios', name, 'input.json'), 'utf8'))
  return { events: log.events, input }
}

/** A scenario's logs in fixture order: session.jsonl, then its subagents' session.<n>.jsonl. */
const committedLogs = (name: string) =>
  readdirSync(packageFile('scenarios', name))
    .filter((file) => /^session(\.\d+)?\.jsonl$/.test(file))
    .sort((a, b) => a.split('.').length - b.split('.').length || a.localeCompare(b, 'en', { numeric: true }))
    .map((file) => parseSessionLog(readFileSync(packageFile('scenarios', name, file), 'utf8'), file))

/** Steps with prompts as content blocks and background prompt names replaced by their order. */
function comparable(steps: Array<Record<string, unknown>>) {
  const names = new Map<unknown, string>()
  return steps.map(({ text, as, prompt, ...step }) => {
    const out: Record<string, unknown> = { ...step }
    if (text !== undefined) out.content = [{ type: 'text', text }]
    if (as !== undefined) {
      if (!names.has(as)) names.set(as, `name${names.size + 1}`)
      out.as = names.get(as)
    }
    if (prompt !== undefined) out.prompt = names.get(prompt)
    return out
  })
}

/** JSON with every object's keys sorted: the same blocks compare equal whatever order they were written in. */
const sortedJson = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  )

describe('deriveScript', () => {
  for (const name of [
    'text-turn',
    'bash-allow-once',
    'bash-reject-once',
    'cancel-during-stream',
    'cancel-awaiting-approval',
    'cancel-running-bash',
    'mode-read-only-refuses-write',
    'model-auth-error',
    // Slash commands: /mode, /model and /clear are prompts; the mode/change and history/clear they log are theirs.
    'slash-commands',
  ]) {
    it(`derives the hand-written script of ${name} from its log`, () => {
      const { events, input } = committed(name)
      const derived = deriveScript(events, name).input
      expect(comparable(derived.steps)).toEqual(comparable(input.steps))
      expect(derived.permissions).toEqual(input.permissions ?? [])
      expect(() => readInput(JSON.stringify(derived), `scenarios/${name}/input.json`)).not.toThrow()
    })
  }

  for (const name of ['subagent-child-bash-approval', 'subagent-three-parallel', 'subagent-child-fails']) {
    it(`derives the hand-written script of ${name} from its log and its subagents' logs`, () => {
      const { events, input } = committed(name)
      const logs = committedLogs(name)
      expect(logs.length).toBeGreaterThan(1)
      const derived = deriveScript(events, name, eventsWithChildren(logs)).input
      expect(comparable(derived.steps)).toEqual(comparable(input.steps))
      // A subagent's approval is asked through the parent's client: it queues with the parent's.
      expect(derived.permissions).toEqual(input.permissions ?? [])
    })
  }

  /**
   * Property over the corpus's own recordings: every single-session log derives the prompts, commands,
   * mode and config changes its input.json made, in order (setModel is the model config option).
   */
  it('derives what every corpus recording did, in order', () => {
    // A log whose last turn never ended (the storage failure of storage-log-replaced) is refused by
    // design until it is loaded once (the IMPORT_BAD_LOG case below).
    const ended = (name: string) => {
      const types = committed(name).events.map((event) => event.type)
      return types.lastIndexOf('turn/end') >= types.lastIndexOf('turn/start')
    }
    const scenarios = readdirSync(packageFile('scenarios')).filter(
      (name) =>
        existsSync(packageFile('scenarios', name, 'session.jsonl')) && committedLogs(name).length === 1 && ended(name),
    )
    expect(scenarios.length).toBeGreaterThan(40)
    for (const name of scenarios) {
      const { events, input } = committed(name)
      const first = (input.steps as Array<Record<string, unknown>>).find((step) => step.op === 'newSession')?.as
      const actions = (steps: Array<Record<string, unknown>>, session: unknown) =>
        steps
          .filter((step) => step.session === session)
          .flatMap((step): string[] => {
            if (step.op === 'prompt') return [`prompt ${sortedJson(comparable([step])[0]!.content)}`]
            if (step.op === 'setMode') return [`mode ${step.mode}`]
            if (step.op === 'setModel') return [`config model=${step.model}`]
            if (step.op === 'setConfigOption') return [`config ${step.configId}=${step.value}`]
            return []
          })
      const derived = deriveScript(events, name).input.steps
      expect(actions(derived, 's1'), name).toEqual(actions(input.steps, first))
    }
  })

  it('makes a config change between turns a setConfigOption step', () => {
    const events = [event('config/change', { configId: 'model', value: 'deepseek-reasoner' })]
    expect(deriveScript(events, 'log').input.steps.slice(2)).toEqual([
      { op: 'setConfigOption', session: 's1', configId: 'model', value: 'deepseek-reasoner' },
    ])
  })

  const event = <K extends LoggedEvent['type']>(type: K, data: Extract<LoggedEvent, { type: K }>['data']) =>
    ({ type, data }) as LoggedEvent
  const turn = (n: number, text: string, middle: LoggedEvent[], reason: 'end_turn' | 'cancelled' = 'end_turn') => [
    event('user/message', { turn: n, messageId: `m${n}`, content: [{ type: 'text', text }] }),
    event('turn/start', { turn: n }),
    event('step/start', { turn: n, step: 1 }),
    ...middle,
    event('step/end', { turn: n, step: 1 }),
    event('turn/end', { turn: n, reason }),
  ]
  const chunk = (n: number, text: string) =>
    event('assistant/chunk', { turn: n, step: 1, chunk: { type: 'text-delta', text } })
  const message = (n: number) =>
    event('assistant/message', { turn: n, step: 1, messageId: `a${n}`, text: 'x', toolCalls: [] })

  it('places a mode change inside a turn after the event before it, and one between turns as a step', () => {
    const events = [
      event('mode/change', { modeId: 'read-only' }),
      ...turn(1, 'one', [chunk(1, 'a'), event('mode/change', { modeId: 'ask' }), chunk(1, 'b'), message(1)]),
    ]
    expect(deriveScript(events, 'log').input.steps.slice(2)).toEqual([
      { op: 'setMode', session: 's1', mode: 'read-only' },
      { op: 'prompt', session: 's1', content: [{ type: 'text', text: 'one' }], background: true, as: 'turn1' },
      { op: 'waitFor', event: 'assistant/chunk', session: 's1' },
      { op: 'setMode', session: 's1', mode: 'ask' },
      { op: 'await', prompt: 'turn1' },
    ])
  })

  it('cancels a turn a stopped agent left open where it stopped, then loads the session, and says so', () => {
    const call = { turn: 1, step: 1, callId: 'c1' }
    const events = [
      ...turn(
        1,
        'run it',
        [
          event('tool/call', { ...call, name: 'bash', arguments: '{}' }),
          event('tool/start', call),
          event('tool/result', { ...call, output: INTERRUPTED_CALL_OUTPUT, isError: true }),
        ],
        'cancelled',
      ),
      ...turn(2, 'again', [chunk(2, 'ok'), message(2)]),
    ]
    const derived = deriveScript(events, 'log')
    expect(derived.input.steps.slice(3).map((step) => step.op)).toEqual([
      'waitFor',
      'cancel',
      'await',
      'loadSession',
      'prompt',
    ])
    expect(derived.input.steps[3]).toEqual({ op: 'waitFor', event: 'tool/start', session: 's1' })
    expect(derived.notes[0]).toMatch(/turn 1 was cut off by a stopped agent/)
  })

  it('refuses a log whose last turn never ended, naming the turn and what to do', () => {
    const open = turn(1, 'hi', [chunk(1, 'a')]).slice(0, -2)
    expect(() => deriveScript(open, 'x.jsonl')).toThrow(/IMPORT_BAD_LOG: x\.jsonl: turn 1 never ended.*session\/load/)
  })

  it('asks the editor for terminals when the session ran bash in one', () => {
    const events = turn(1, 'ls', [
      event('tool/update', { turn: 1, step: 1, callId: 'c', display: { terminalId: 'term-1' } }),
      message(1),
    ])
    expect(deriveScript(events, 'log').input.client).toEqual({ terminal: true })
  })
})
