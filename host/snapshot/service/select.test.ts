// DSH_SNAPSHOT_SCENARIOS takes names and globs, as `dsh test` does (scenario/select.ts is the one
// home of that rule); unknown names and empty globs are named errors listing what exists.
import { cpSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot, scratchProject } from '../test-support/scratch-project.ts'
import { selectScenarios } from './select.ts'

// A copy of the corpus: discovery checks each pin against its sidecars.
const project = scratchProject('plugin-select')
cpSync(join(repoRoot, 'scenarios'), join(project.root, 'scenarios'), { recursive: true })
afterAll(() => project.remove())

describe('selectScenarios (the in-composition host)', () => {
  it('expands globs, keeps exact names, and puts class pins first', async () => {
    const { scenarios } = await selectScenarios(project.root, 'text-turn,bash-a*,bash-output-truncated', 'replay')
    expect(scenarios.map((s) => s.name)).toEqual([
      'bash-output-truncated',
      'text-turn',
      'bash-allow-always',
      'bash-allow-once',
      'bash-approval-cancelled',
    ])
  })

  it('names an unknown name and a glob that matches nothing, listing the scenarios', async () => {
    await expect(selectScenarios(project.root, 'text-turn,nope', 'replay')).rejects.toThrow(
      /DSH_SNAPSHOT_SCENARIOS names no scenario called "nope"; scenarios in .*: .*bash-allow-always, /,
    )
    await expect(selectScenarios(project.root, 'nothing-*', 'replay')).rejects.toThrow(
      /DSH_SNAPSHOT_SCENARIOS: pattern nothing-\* matches no scenario; scenarios in /,
    )
  })
})
