// The committed conformance data: valid, coherent, and true to what each profile promises.
// It lives with the data, not with the engine: it knows dsh's echo-model command words, and
// the runner (host/conformance) imports no plugin of this agent.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EchoScriptError, parseEchoScript } from '../../plugins/llm-echo/index.ts'
import { CONFORMANCE_SCHEMAS, renderConformanceSchema } from '../../host/conformance/json-schema.ts'
import { defaultSuiteDir, loadSuite } from '../../host/conformance/load-suite.ts'

/** Whether the echo model reads the line as one of its commands (a malformed one included). */
function isEchoCommand(line: string): boolean {
  try {
    return parseEchoScript(line).some((command) => command.kind !== 'text')
  } catch (error) {
    if (error instanceof EchoScriptError) return true
    throw error
  }
}

describe('scenarios/conformance', async () => {
  const suite = await loadSuite()
  const core = suite.profiles.get('core')!
  const dsh = suite.profiles.get('dsh')!

  it('has a core and a dsh profile, and dsh requires everything core requires', () => {
    expect(core.required.length).toBeGreaterThan(0)
    expect(dsh.required).toEqual(expect.arrayContaining(core.required))
  })

  it('checks every requirement SPEC.md declares', () => {
    const named = new Set(suite.cases.flatMap((c) => c.data.spec))
    expect([...suite.requirements].filter((r) => !named.has(r))).toEqual([])
  })

  it('keeps core cases free of echo-model commands, so a real-model agent can pass them', () => {
    const offending: string[] = []
    for (const c of suite.cases.filter((c) => core.required.includes(c.id) || core.optional.includes(c.id))) {
      c.data.steps.forEach((step, index) => {
        if (step.op !== 'prompt') return
        const texts =
          step.text !== undefined
            ? [step.text]
            : (step.content ?? []).map((b) => (typeof b.text === 'string' ? b.text : ''))
        for (const line of texts.flatMap((t) => t.split('\n'))) {
          if (isEchoCommand(line)) offending.push(`${c.file}: steps[${index}]: ${JSON.stringify(line)}`)
        }
      })
    }
    expect(offending).toEqual([])
  })

  it('names no dsh value where the requirement is general: no echo model, no dsh wording in error checks', () => {
    const offending = suite.cases.flatMap((c) => {
      const text = JSON.stringify(c.data)
      const words = c.data.checks.flatMap((check) => (check.check === 'error' ? (check.words ?? []) : []))
      return [
        ...(/echo-large/.test(text) ? [`${c.file}: names the echo model "echo-large"`] : []),
        ...words.filter((w) => /unknown session|no session/i.test(w)).map((w) => `${c.file}: dsh wording ${w}`),
      ]
    })
    expect(offending).toEqual([])
  })

  it('makes the cases of conditional requirements conditional on what the agent advertises', () => {
    const byId = new Map(suite.cases.map((c) => [c.id, c.data]))
    expect(byId.get('session-resume-close')?.requires).toEqual([
      'agentCapabilities.sessionCapabilities.resume',
      'agentCapabilities.sessionCapabilities.close',
    ])
    expect(byId.get('session-delete-logout')?.requires).toContain('agentCapabilities.sessionCapabilities.delete')
    // Config options are offered per session: the runner's switch steps look, and say not applicable.
    for (const id of ['config-options', 'config-option-errors'])
      expect(byId.get(id)?.steps.map((s) => s.op)).toContain('switchConfigOption')
    expect(byId.get('config-options-older-client')?.steps.map((s) => s.op)).toContain('switchModel')
  })

  it('publishes JSON Schemas that match the loader (regenerate: npx tsx host/conformance/json-schema.ts)', async () => {
    for (const name of Object.keys(CONFORMANCE_SCHEMAS) as (keyof typeof CONFORMANCE_SCHEMAS)[]) {
      expect(await readFile(join(defaultSuiteDir(), name), 'utf8'), name).toBe(renderConformanceSchema(name))
    }
  })
})
