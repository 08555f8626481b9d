import { expect, it } from 'vitest'
import { provenanceDetails, provenanceLine } from './provenance-text.ts'

it('says where a recording came from in one line, leaving out what is not known', () => {
  const full = {
    recording: 'live' as const,
    models: ['deepseek-chat', 'deepseek-reasoner'],
    date: '2026-12-01',
    dshVersion: '0.2.0',
    header: { class: 'default', pin: false },
  }
  expect(provenanceLine(full)).toBe(
    'recording: live · deepseek-chat, deepseek-reasoner; 2026-12-01; dsh 0.2.0 · header default',
  )
  expect(provenanceLine({ recording: 'authored' })).toBe('recording: authored · no model')
  expect(provenanceDetails({ imported: { session: 's', log: 'x.jsonl', date: '2026-11-02' } })).toBe('2026-11-02')
})
