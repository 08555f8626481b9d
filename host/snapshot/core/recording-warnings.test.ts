import { describe, expect, it } from 'vitest'
import { failedToolCalls, placeholdersLeft } from './recording-warnings.ts'

const line = (type: string, data: object) => JSON.stringify({ type, data })

describe('failedToolCalls', () => {
  it('names each tool call whose result is an error, with its session, turn, step and first output line', () => {
    const log = [
      line('tool/call', { turn: 1, step: 1, callId: 'c1', name: 'edit_file', arguments: '{}' }),
      line('tool/result', { turn: 1, step: 1, callId: 'c1', output: '"old_string" is required\nmore', isError: true }),
      line('tool/call', { turn: 1, step: 2, callId: 'c2', name: 'read_file', arguments: '{}' }),
      line('tool/result', { turn: 1, step: 2, callId: 'c2', output: 'fine', isError: false }),
    ].join('\n')
    expect(failedToolCalls('s', ['', log])).toEqual([
      'scenario s: session 1, turn 1 step 1: edit_file (c1) failed while recording: "old_string" is required',
    ])
    expect(failedToolCalls('s', [log.split('\n').slice(2).join('\n')])).toEqual([])
  })
})

describe('placeholdersLeft', () => {
  it('names every scaffold TODO: by file and line, and nothing in a filled-in file', () => {
    const files = [
      { file: 'scenarios/s/input.json', text: '{\n  "text": "TODO: what the user asks"\n}\n' },
      { file: 'scenarios/s/model.yml', text: '- reply:\n    text: "Hello"\n' },
    ]
    expect(placeholdersLeft(files)).toEqual([
      'scenarios/s/input.json:2: scaffold placeholder left: TODO: what the user asks',
    ])
  })
})
