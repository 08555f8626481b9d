import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { noteRecordingSource } from './provenance.ts'
import { type Failure, failure, failureMessages } from '../model/failure.ts'

let root: string
const MANIFEST = '# made by hand first\nscenario: demo\nrecording: stub # provenance\ndescription: Demo.\n'
const file = () => join(root, 'scenarios', 'demo', 'snapshot.yml')

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'dsh-provenance-'))
  mkdirSync(join(root, 'scenarios', 'demo'), { recursive: true })
  writeFileSync(file(), MANIFEST)
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const recorded = { scenario: 'demo', ok: true, failures: [], written: [] }

describe('the recording line', () => {
  it('replaces the manifest by rename with only the recording line changed, leaving no temp file', async () => {
    const before = statSync(file()).ino
    expect((await noteRecordingSource(root, recorded, 'live')).written).toEqual(['scenarios/demo/snapshot.yml'])
    expect(readFileSync(file(), 'utf8')).toBe(MANIFEST.replace('recording: stub', 'recording: live'))
    expect(statSync(file()).ino).not.toBe(before)
    expect(readdirSync(join(root, 'scenarios', 'demo'))).toEqual(['snapshot.yml'])
  })

  it('never writes through a symbolic link in the scenario folder', async () => {
    const outside = join(root, 'outside.yml')
    writeFileSync(outside, MANIFEST)
    rmSync(file())
    symlinkSync(outside, file())
    const noted = await noteRecordingSource(root, recorded, 'live')
    expect(failureMessages(noted.failures)).toEqual([expect.stringMatching(/scenarios\/demo\/snapshot\.yml/)])
    expect(readFileSync(outside, 'utf8')).toBe(MANIFEST)
  })

  it('does not touch a manifest that already says so', async () => {
    const before = statSync(file())
    expect(await noteRecordingSource(root, recorded, 'stub')).toEqual(recorded)
    const after = statSync(file())
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs])
  })
})

describe('noteRecordingSource', () => {
  const outcome = { scenario: 'demo', ok: true, failures: [] as Failure[], written: ['scenarios/demo/session.jsonl'] }

  it('notes the source of a recording that wrote fixtures and lists the manifest as written', async () => {
    const noted = await noteRecordingSource(root, outcome, 'live')
    expect(noted.written).toEqual(['scenarios/demo/session.jsonl', 'scenarios/demo/snapshot.yml'])
    expect(readFileSync(file(), 'utf8')).toContain('recording: live # provenance')
  })

  it('leaves the manifest alone when the recording failed before writing anything', async () => {
    const failed = {
      ...outcome,
      ok: false,
      failures: [failure('process', 'demo', 'scenario demo: step 3 timed out')],
      written: [],
    }
    expect(await noteRecordingSource(root, failed, 'live')).toEqual(failed)
    expect(readFileSync(file(), 'utf8')).toBe(MANIFEST)
  })

  it('fails the scenario, naming the file, when the manifest cannot be rewritten', async () => {
    writeFileSync(file(), '{scenario: demo, recording: stub}\n')
    const noted = await noteRecordingSource(root, outcome, 'live')
    expect(noted.ok).toBe(false)
    expect(noted.failures[0]?.message).toMatch(
      new RegExp(
        '^scenario demo: the fixtures were recorded \\(live\\) but snapshot.yml could not say so: ' +
          'scenarios/demo/snapshot.yml: recording: ',
      ),
    )
  })
})

describe('the provenance a recording states', () => {
  const outcome = { scenario: 'demo', ok: true, failures: [] as Failure[], written: ['scenarios/demo/session.jsonl'] }
  const header = (model: string) => JSON.stringify({ type: 'request/header', data: { turn: 1, step: 1, model } })

  it('writes the models its logs name, the date and the dsh version beside recording, comments kept', async () => {
    writeFileSync(join(root, 'scenarios', 'demo', 'session.jsonl'), `${header('deepseek-chat')}\n`)
    writeFileSync(join(root, 'scenarios', 'demo', 'session.1.jsonl'), `${header('deepseek-reasoner')}\n`)
    await noteRecordingSource(root, outcome, 'live', { date: '2026-12-01', dshVersion: '0.2.0' })
    expect(readFileSync(file(), 'utf8')).toBe(
      '# made by hand first\nscenario: demo\nrecording: live # provenance\n' +
        'models: [deepseek-chat, deepseek-reasoner]\ndate: 2026-12-01\ndshVersion: "0.2.0"\ndescription: Demo.\n',
    )
    await noteRecordingSource(root, outcome, 'stub', { date: '2026-12-24', dshVersion: '0.3.0' })
    expect(readFileSync(file(), 'utf8')).toContain(
      'recording: stub # provenance\nmodels: [deepseek-chat, deepseek-reasoner]\n' +
        'date: 2026-12-24\ndshVersion: "0.3.0"\n',
    )
  })
})
