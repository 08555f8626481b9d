// What a run of many scenarios keeps of each outcome: never `execution`; the surfaces and the
// expected golden only when asked (the report files need them), so a large corpus holds verdicts.
import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import { scratchProject } from '../test-support/scratch-project.ts'
import { keptOutcome } from './kept-outcome.ts'
import { runScenarios } from './run.ts'

const whole = {
  scenario: 'a',
  ok: true,
  failures: [],
  written: [],
  durationMs: 3,
  mode: 'replay',
  host: 'in-process',
  surfaces: { transcript: ['{}'], sessionLogs: ['{}'] },
  expectedGolden: '{}\n',
  execution: { runFailures: [], workspaceFailures: [], expected: {} },
} as unknown as ScenarioOutcome

describe('keptOutcome', () => {
  it('drops execution always, the surfaces and golden unless kept', () => {
    const { execution: _, ...reportable } = whole
    expect(keptOutcome(whole)).toEqual(reportable)
    expect(keptOutcome(whole, false)).toEqual({
      scenario: 'a',
      ok: true,
      failures: [],
      written: [],
      durationMs: 3,
      mode: 'replay',
      host: 'in-process',
    })
  })
})

describe('runSuite in process', () => {
  const project = scratchProject('kept-outcome')
  afterAll(() => project.remove())
  cpSync(packageFile('scenarios', 'text-turn'), join(project.root, 'scenarios', 'text-turn'), { recursive: true })

  it('streams the surfaces away with keepSurfaces: false, and keeps them by default', async () => {
    const streamed: ScenarioOutcome[] = []
    const lean = await runScenarios({ root: project.root, keepSurfaces: false, onResult: (o) => streamed.push(o) })
    expect(lean.outcomes.map((o) => [o.scenario, o.ok])).toEqual([['text-turn', true]])
    expect(lean.outcomes[0]).not.toHaveProperty('surfaces')
    expect(lean.outcomes[0]).not.toHaveProperty('execution')
    expect(lean.outcomes[0]).not.toHaveProperty('expectedGolden')
    expect(streamed).toEqual(lean.outcomes)
    const full = await runScenarios({ root: project.root })
    expect(full.outcomes[0]!.surfaces?.transcript.length).toBeGreaterThan(0)
    expect(full.outcomes[0]!.expectedGolden).toContain('"jsonrpc"')
    expect(full.outcomes[0]).not.toHaveProperty('execution')
  })
})
