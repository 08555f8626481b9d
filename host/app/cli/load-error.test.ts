// A scenario file that does not load, through `dsh test`: one line naming the file, the line and
// the problem, and a start line and a count line that add up (it is an error, not a failed scenario
// among zero).
import { afterAll, describe, expect, it } from 'vitest'
import { scratchProject } from '../../snapshot/test-support/scratch-project.ts'
import { runCli } from '../test-support/run-cli.ts'
import { describeJobs } from './test-selection.ts'

const project = scratchProject('load-error')
afterAll(() => project.remove())
project.scenario('broken', { manifest: 'description: [unclosed\n', input: { steps: [] } })

describe('dsh test with a scenario file that does not load', () => {
  it('says which file and what, once, and counts it as an error', async () => {
    const result = await runCli(['test', 'broken', '--root', project.root])
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(
      `dsh test: 0 scenarios, replay mode, ${describeJobs({}, 1, 1, false)}; 1 scenario could not be loaded (see the ` +
        'report)\n',
    )
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(
      new RegExp(
        String.raw`^error: scenarios/broken/snapshot\.yml: line \d+: YAML syntax error: .+\. ` +
          String.raw`See \S*docs/scenario-format\.md for the format\.$`,
      ),
    )
    expect(lines.slice(1)).toEqual(['', '0 passed, 0 failed, 1 error'])
  })
})
