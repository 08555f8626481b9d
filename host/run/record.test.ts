// Record mode end to end, keylessly: the real DeepSeek adapter records a scenario in a
// scratch repository against the scripted stub endpoint, and the recording then replays green.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { textReply, toolCallReply } from '../stub-endpoint/index.ts'
import { runSuite } from './run-suite.ts'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const scratch = mkdtempSync(join(tmpdir(), 'dsh-record-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function scratchRepo(): string {
  for (const file of ['cordis.yml', 'cordis.snapshot.yml']) cpSync(join(repoRoot, file), join(scratch, file))
  symlinkSync(join(repoRoot, 'plugins'), join(scratch, 'plugins'))
  mkdirSync(join(scratch, 'overlays'))
  const dir = join(scratch, 'scenarios', 'recorded-tool')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'snapshot.yml'), 'scenario: recorded-tool\ndescription: A bash call approved once, recorded keylessly.\nrecording: recorded\nheader:\n  class: default\n  pin: true\n')
  writeFileSync(join(dir, 'input.json'), JSON.stringify({
    steps: [{ op: 'initialize' }, { op: 'newSession', as: 's1' }, { op: 'prompt', session: 's1', text: 'print hi' }],
    permissions: ['allow_once'],
  }))
  mkdirSync(join(scratch, 'host', 'model-scripts'), { recursive: true })
  const script = [
    toolCallReply([{ id: 'call_1', name: 'bash', arguments: '{"command":"echo hi"}' }], { deltas: 3 }),
    textReply('It printed hi.', { deltas: 2 }),
  ]
  writeFileSync(join(scratch, 'host', 'model-scripts', 'recorded-tool.ts'), `export default ${JSON.stringify(script)}\n`)
  return scratch
}

describe('record mode', () => {
  it('records through the stub endpoint, writes every fixture, and the recording replays green', async () => {
    const root = scratchRepo()
    const recorded = await runSuite({ repoRoot: root, mode: 'record', stub: true })
    expect(recorded.loadFailures).toEqual([])
    expect(recorded.outcomes[0]?.failures).toEqual([])
    expect(recorded.outcomes[0]?.written.sort()).toEqual([
      'scenarios/recorded-tool/session.jsonl',
      'scenarios/recorded-tool/stdout.golden.jsonl',
      'scenarios/recorded-tool/system-prompt.expected.md',
      'scenarios/recorded-tool/tool-schemas.expected.json',
    ])
    const log = readFileSync(join(root, 'scenarios', 'recorded-tool', 'session.jsonl'), 'utf8')
    expect(log).toContain('"output":"hi\\n"')
    expect(log).not.toContain('stub-key')

    const replayed = await runSuite({ repoRoot: root })
    expect(replayed.outcomes.map((o) => [o.scenario, o.failures])).toEqual([['recorded-tool', []]])
    expect(replayed.outcomes[0]?.written).toEqual([])
  })
})
