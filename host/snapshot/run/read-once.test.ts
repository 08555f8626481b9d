// A fixture is read once per run: prepareRun reads the committed side (golden, logs, sidecars)
// and everything after it — replay in process, the revived recording, the judge — uses that
// text. So a run whose fixtures vanish after preparing still replays and is judged the same.
import { cpSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { discoverScenarios } from '../scenario/discover.ts'
import { prepareRun } from '../fixtures/prepare.ts'
import { scratchProject } from '../test-support/scratch-project.ts'
import { packageRoot } from '../../../lib/package-root.ts'
import { withHostComposition } from './host-composition.ts'
import { judgeRun } from '../service/judge.ts'

const project = scratchProject('read-once')
afterAll(() => project.remove())

describe('a run reads each fixture once', () => {
  it('replays and judges from what prepareRun read, with the files gone', async () => {
    cpSync(
      join(packageRoot, 'scenarios', 'multi-turn-history'),
      join(project.root, 'scenarios', 'multi-turn-history'),
      {
        recursive: true,
      },
    )
    const { scenarios } = await discoverScenarios(project.root)
    const scenario = scenarios.find((s) => s.name === 'multi-turn-history')!
    const prepared = await prepareRun(project.root, scenario, 'replay', scenarios)
    try {
      for (const name of ['session.jsonl', 'stdout.golden.jsonl']) rmSync(join(scenario.dir, name))
      const judged = await withHostComposition({ repoRoot: project.root, mode: 'replay' }, async (host) =>
        judgeRun(prepared, await host.snapshot.play(prepared, 10_000), {
          repoRoot: project.root,
          corpus: scenarios,
          mode: 'replay',
        }),
      )
      expect(judged.failures).toEqual([])
      expect(judged.surfaces?.sessionLogs).toEqual([prepared.expected.logs[0]!.text])
    } finally {
      await prepared.cleanup()
    }
  })
})
