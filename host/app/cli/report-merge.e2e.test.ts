// dsh report merge over real shard runs: the shards' blobs merge into the report of the whole run,
// with one HTML report and one exit code; what does not add up is refused by name (exit 2).
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { scratchProject } from '../../snapshot/test-support/scratch-project.ts'
import { runCli } from '../test-support/run-cli.ts'

const scratch = scratchProject('report-merge')
afterAll(() => scratch.remove())
const file = (name: string) => join(scratch.root, name)
const json = (name: string) => JSON.parse(readFileSync(file(name), 'utf8'))
const withoutTimes = (report: object) => JSON.parse(JSON.stringify(report, (k, v) => (k === 'durationMs' ? 0 : v)))
const SELECTION = ['read-*', 'text-turn']

describe('dsh report merge', () => {
  it('merges the blobs of --shard 1/2 and 2/2 into the report of the whole run', async () => {
    const whole = await runCli(['test', ...SELECTION, '--jobs', '1', '--report', file('whole.json')])
    for (const index of [1, 2]) {
      const shard = await runCli(['test', ...SELECTION, '--shard', `${index}/2`, '--report', file(`s${index}.json`)])
      expect(shard.code, shard.stderr).toBe(0)
    }
    const merged = await runCli([
      'report',
      'merge',
      file('s2.json'),
      file('s1.json'),
      '--report',
      file('merged.json'),
      '--html',
      file('merged.html'),
    ])
    expect([whole.code, merged.code], merged.stderr).toEqual([0, 0])
    const { blob: wholeBlob, ...wholeReport } = json('whole.json')
    const { blob: mergedBlob, ...mergedReport } = json('merged.json')
    expect(withoutTimes(mergedReport)).toEqual(withoutTimes(wholeReport))
    expect(withoutTimes(mergedBlob)).toEqual(withoutTimes(wholeBlob))
    expect(merged.stdout).toMatch(/\n4 passed, 0 failed\n$/)
    const html = readFileSync(file('merged.html'), 'utf8')
    for (const name of ['read-file', 'read-only-list-dir', 'read-only-unknown-tool', 'text-turn'])
      expect(html).toContain(`>${name}<`)
    // Provenance as dsh test --html states it: source, models, date, dsh version, header class.
    expect(html).toMatch(/recording: stub · deepseek-chat; \d{4}-\d\d-\d\d; dsh [\d.]+ · header default/)
  }, 120_000)

  it('refuses a missing shard, a torn blob and a file that is no blob, naming them (exit 2)', async () => {
    const shard = await runCli(['test', ...SELECTION, '--shard', '1/2', '--report', file('only1.json')])
    expect(shard.code).toBe(0)
    const missing = await runCli(['report', 'merge', file('only1.json')])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/^dsh report merge: shard 2\/2 missing: 1 of 2 blobs given, so no blob has /)
    const text = readFileSync(file('only1.json'), 'utf8')
    writeFileSync(file('torn.json'), text.slice(0, 1000))
    const torn = await runCli(['report', 'merge', file('only1.json'), file('torn.json')])
    expect(torn).toMatchObject({ code: 2, stderr: expect.stringContaining('torn.json is torn: it is not whole JSON') })
    writeFileSync(file('plain.json'), '{"ok": true, "scenarios": []}\n')
    const plain = await runCli(['report', 'merge', file('plain.json')])
    expect(plain.stderr).toContain('plain.json is not a dsh report blob')
    expect((await runCli(['report', 'combine', 'x'])).code).toBe(2)
  })
})
