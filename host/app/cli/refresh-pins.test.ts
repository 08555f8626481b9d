// issue 40 item 4: one command after a profile change. A tool added to the project's cordis.yml makes
// every pin fail with tool drift; the failure names one next step, record-drifted says why it leaves
// the pin alone, and `dsh test --mode refresh --pins` re-pins the class, listing what changed.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { textReply } from '../../../lib/model-wire/index.ts'
import { runScenarios } from '../../snapshot/run/run.ts'
import { CLOCK_PLUGIN } from '../../snapshot/test-support/clock-project.ts'
import { scratchProject } from '../../snapshot/test-support/scratch-project.ts'
import { runCli } from '../test-support/run-cli.ts'

const project = scratchProject('refresh-pins')
afterAll(() => project.remove())
const dsh = (...argv: string[]) => runCli([...argv, '--root', project.root], { env: { NO_COLOR: '1' } })

describe('--mode refresh --pins', () => {
  it('is the one next step after a tool joins the profile, and re-pins the class saying what changed', async () => {
    project.scenario('greet', {
      manifest: 'scenario: greet\ndescription: Greets.\nrecording: stub\nheader:\n  class: default\n  pin: true\n',
      input: {
        steps: [{ op: 'initialize' }, { op: 'newSession', as: 's1' }, { op: 'prompt', session: 's1', text: 'hi' }],
      },
    })
    project.modelScript('greet', [textReply('Hello.')])
    expect((await runScenarios({ root: project.root, mode: 'record', stub: true })).outcomes[0]?.ok).toBe(true)

    mkdirSync(join(project.root, 'clock'))
    writeFileSync(join(project.root, 'clock', 'index.js'), CLOCK_PLUGIN)
    writeFileSync(join(project.root, 'clock', 'steady.txt'), 'noon')
    appendFileSync(join(project.root, 'cordis.yml'), '- id: clock\n  name: ./clock\n')

    const replayed = await dsh('test', 'greet')
    expect(replayed.code).toBe(1)
    expect(replayed.stdout).toContain('tool drift: the tools offered to the model differ')
    expect(replayed.stdout.match(/^ {4}next: {2}.*$/gm)).toEqual(['    next:  npx dsh test --mode refresh --pins'])

    const drifted = await dsh('test', '--mode', 'record-drifted', '--stub')
    expect(drifted.stderr).toContain(
      '  leave greet: its pinned header changed (tool drift: the tools offered to the model differ from ' +
        'tool-schemas.expected.json: "clock" added;',
    )
    expect(drifted.stderr).toContain('re-pin with npx dsh test --mode refresh --pins')

    expect((await dsh('test', '--mode', 'replay', '--pins')).code).toBe(2)
    const repinned = await dsh('test', '--mode', 'refresh', '--pins')
    expect(repinned.code, repinned.stderr).toBe(0)
    expect(repinned.stderr).toContain(
      'refresh --pins: 1 of 1 header classes re-pinned:\n  class default (pin greet): tools "clock" added\n',
    )
    expect((await dsh('test')).code).toBe(0)
    const again = await dsh('test', '--mode', 'refresh', '--pins')
    expect(again.stderr).toContain('refresh --pins: 0 of 1 header classes re-pinned (nothing changed)')
  }, 60_000)
})
