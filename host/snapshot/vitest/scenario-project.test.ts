// What scenarioFiles() sets in a vitest project of scenario files, and where it leaves the config alone.
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { scenarioFiles } from './scenario-files.ts'
import { scenarioProjectDefaults } from './scenario-project.ts'

/** From source, the environment's source (an installed dsh names its dist/ entry). */
const scenarioEnvironment = packageFile('host', 'snapshot', 'vitest', 'scenario-environment.ts')

describe('scenarioProjectDefaults', () => {
  it('shares imports and one host per worker in a project of manifests only', () => {
    expect(scenarioProjectDefaults({ include: ['scenarios/*/snapshot.yml'] })).toEqual({
      test: { isolate: false, environment: scenarioEnvironment },
    })
    expect(scenarioProjectDefaults({ include: ['snapshot.yml', 'e2e/scenarios/*/snapshot.yml'] }).test).toEqual({
      isolate: false,
      environment: scenarioEnvironment,
    })
  })

  it("keeps the project's own isolate and environment", () => {
    const own = { include: ['scenarios/*/snapshot.yml'], isolate: true, environment: 'node' }
    expect(scenarioProjectDefaults(own)).toEqual({ test: {} })
    expect(scenarioProjectDefaults({ ...own, isolate: undefined }).test).toEqual({ isolate: false })
  })

  it('leaves a project that mixes other test files isolated, and says how to get the fast path', () => {
    const mixed = scenarioProjectDefaults({ include: ['scenarios/*/snapshot.yml', 'test/**/*.test.ts'] })
    expect(mixed.test).toEqual({})
    expect(mixed.note).toContain('"test/**/*.test.ts"')
    expect(mixed.note).toContain('a vitest project of their own')
    // An explicit isolate is a decision: nothing to say.
    expect(scenarioProjectDefaults({ include: ['a.test.ts', 'scenarios/*/snapshot.yml'], isolate: true }).note).toBe(
      undefined,
    )
    // No include at all: no manifests are test files, the plugin only registers watch files.
    expect(scenarioProjectDefaults(undefined)).toEqual({ test: {}, note: undefined })
  })

  it('names an environment module that exists (the source here, dist/ when installed)', () => {
    const named = scenarioProjectDefaults({ include: ['scenarios/*/snapshot.yml'] }).test.environment
    expect(named).toBe(scenarioEnvironment)
    expect(existsSync(scenarioEnvironment)).toBe(true)
    // The build keeps it an entry of its own, so an installed dsh has it by that path.
    expect(existsSync(packageFile('dist', 'host', 'snapshot', 'vitest', 'scenario-environment.js'))).toBe(true)
  })

  it("is what the plugin's config hook returns", () => {
    const hook = scenarioFiles().config as (config: object) => { test: object }
    expect(hook({ test: { include: ['scenarios/*/snapshot.yml'] } })).toEqual({
      test: { isolate: false, environment: scenarioEnvironment },
    })
  })
})
