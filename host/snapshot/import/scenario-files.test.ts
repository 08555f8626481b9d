// The imported scenario's own files are valid as the host reads them.
import { describe, expect, it } from 'vitest'
import { parseManifest } from '../scenario/manifest.ts'
import { readInput } from '../test-support/scenario-file.ts'
import { importedDescription, renderInput, renderManifest } from './scenario-files.ts'

const dir = '/project/scenarios/from-log'

describe('an imported scenario', () => {
  it('has a manifest saying recording: imported and where from, which the schema accepts', () => {
    const text = renderManifest({
      name: 'from-log',
      dir,
      description: importedDescription('Fix the "parser"', 'abc'),
      source: { session: 'abc', log: 'abc.jsonl', date: '2026-12-01' },
      header: { class: 'from-log', pin: true },
    })
    const manifest = parseManifest(text, 'snapshot.yml', 'from-log')
    expect(manifest).toMatchObject({
      recording: 'imported',
      imported: { session: 'abc', log: 'abc.jsonl', date: '2026-12-01' },
      header: { class: 'from-log', pin: true },
      description: 'Imported from a session: "Fix the "parser""',
    })
    expect(() => parseManifest(text.replace('abc.jsonl', '/home/me/abc.jsonl'), 'snapshot.yml', 'from-log')).toThrow(
      /imported\.log: is the log file name only/,
    )
  })

  it('has an input.json the host parses, one step per line', () => {
    const text = renderInput(dir, {
      client: { terminal: true },
      steps: [
        { op: 'initialize' },
        { op: 'newSession', as: 's1' },
        { op: 'prompt', session: 's1', content: [{ type: 'text', text: 'hi' }] },
      ],
      permissions: ['allow_once'],
    })
    expect(readInput(text)).toMatchObject({ client: { terminal: true }, permissions: ['allow_once'] })
    expect(text.split('\n')[4]).toBe('    {"op":"initialize"},')
  })
})
