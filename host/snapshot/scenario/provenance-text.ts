// One line saying where a recording came from, for the scenario index and the HTML report:
// the source, the model(s) that served it, its date, the dsh version and the header class.
import type { ScenarioManifest } from './manifest.ts'

type ProvenanceFields = Pick<ScenarioManifest, 'models' | 'date' | 'dshVersion' | 'imported' | 'stubVia'>

/** The models, date and dsh version a recording states, `; `-joined; '' when none is known. */
export function provenanceDetails(m: ProvenanceFields): string {
  return [m.models?.join(', '), m.date ?? m.imported?.date, m.dshVersion && `dsh ${m.dshVersion}`]
    .filter(Boolean)
    .join('; ')
}

/** The whole line: `recording: stub (openai-chat) · my-model; 2026-11-30; dsh 0.1.0 · header default`. */
export function provenanceLine(m: ProvenanceFields & Pick<ScenarioManifest, 'recording' | 'header'>): string {
  const details = provenanceDetails(m)
  const recording = m.stubVia ? `${m.recording} (${m.stubVia})` : m.recording
  return [`recording: ${recording}`, details, m.header ? `header ${m.header.class}` : 'no model']
    .filter(Boolean)
    .join(' · ')
}
