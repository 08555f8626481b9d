// `dsh test --mode record` warns about what a recording should not quietly keep — a tool call that
// failed, a scaffold TODO: left in the scenario's files — and with --strict writes nothing.
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { scratchProject } from '../../snapshot/test-support/scratch-project.ts'
import { runCli } from '../test-support/run-cli.ts'

const project = scratchProject('record-warnings')
afterAll(() => project.remove())
for (const name of ['text-turn', 'edit-file'])
  cpSync(packageFile('scenarios', name), join(project.root, 'scenarios', name), { recursive: true })
const dsh = (...argv: string[]) => runCli([...argv, '--root', project.root])
const scenarioFile = (name: string, file: string) => join(project.root, 'scenarios', name, file)

describe('recording warnings', () => {
  it("names every scaffold placeholder left, and --strict records nothing until they're filled in", async () => {
    expect((await dsh('new', 'todo-left')).code).toBe(0)
    const strict = await dsh('test', 'todo-left', '--mode', 'record', '--stub', '--strict')
    expect(strict.code).toBe(1)
    expect(existsSync(scenarioFile('todo-left', 'session.jsonl'))).toBe(false)
    expect(strict.stdout).toContain('--strict: nothing written, the recording has 3 warnings')
    for (const [file, line] of [
      ['snapshot.yml', 3],
      ['input.json', 14],
      ['model.yml', 4],
    ] as const)
      expect(strict.stdout).toMatch(
        new RegExp(`scenarios/todo-left/${file.replace('.', '\\.')}:${line}: scaffold placeholder left: TODO: `),
      )
    const lenient = await dsh('test', 'todo-left', '--mode', 'record', '--stub')
    expect(lenient.code).toBe(0)
    expect(lenient.stdout).toContain('Recording warnings (--strict refuses to write them):')
    expect(existsSync(scenarioFile('todo-left', 'session.jsonl'))).toBe(true)
  })

  it('names a scripted tool call that failed while recording', async () => {
    const model = scenarioFile('edit-file', 'model.yml')
    // The scripted edit_file call loses its old_string: the tool refuses it.
    writeFileSync(model, readFileSync(model, 'utf8').replace(/"old_string":"[^"]*(\\"[^"]*)*",/, ''))
    const before = readFileSync(scenarioFile('edit-file', 'session.jsonl'), 'utf8')
    const result = await dsh('test', 'edit-file', '--mode', 'record', '--stub', '--strict')
    expect(result.stdout).toMatch(
      /scenario edit-file: session 0, turn 1 step 1: edit_file \(call_00_edit\) failed while recording: .*old_string/,
    )
    expect(result.code).toBe(1)
    expect(readFileSync(scenarioFile('edit-file', 'session.jsonl'), 'utf8')).toBe(before)
  })

  it('--strict is a usage error outside the record modes (exit 2)', async () => {
    expect(await dsh('test', 'text-turn', '--strict')).toMatchObject({ code: 2 })
  })
})
