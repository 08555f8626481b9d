// The scenario index (a Markdown table at the top of scenarios/README.md) is generated from the
// manifests, so it cannot drift from the corpus; it shows where each scenario's fixtures came from,
// with what model, when and by which dsh version.
import type { ScenarioManifest } from './manifest.ts'
import { provenanceDetails } from './provenance-text.ts'

/** The line that ends the generated part of scenarios/README.md; everything below is hand-written. */
const INDEX_END_MARKER = '<!-- End of the generated index. Everything below is hand-written. -->'

export function renderScenarioIndex(manifests: readonly ScenarioManifest[]): string {
  const rows = [...manifests]
    .sort((a, b) => a.scenario.localeCompare(b.scenario))
    .map((m) => {
      const traits = [
        m.header ? `header ${m.header.class}${m.header.pin ? ' (pin)' : ''}` : 'no model',
        m.platform === 'posix' ? 'posix only' : '',
        m.sandbox ? `needs the ${m.sandbox} sandbox` : '',
      ]
        .filter(Boolean)
        .join(', ')
      const cells = [
        `[${m.scenario}](./${m.scenario}/)`,
        escapeCell(m.description),
        m.recording,
        escapeCell(provenanceDetails(m)) || '—',
        traits,
      ]
      return `| ${cells.join(' | ')} |`
    })
  return [
    '# Scenarios',
    '',
    '<!-- Generated from each snapshot.yml; edit the manifests, then run',
    '     npx tsx host/snapshot/scenario/write-scenario-index.ts -->',
    '',
    'recording: `stub` = recorded with `--mode record --stub` against the scripted stub endpoint,',
    '`live` = recorded against the real model, `authored` = written by hand, `imported` = made from a session',
    'log with `dsh new --from-session`. provenance: the model(s) that served the recording, its date and the',
    'dsh version that made it.',
    '',
    '| scenario | what it shows | recording | provenance | kind |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n')
}

/** Pure: the README with its generated part (everything above the end marker) replaced by `index`. */
export function replaceGeneratedIndex(readme: string, index: string, file: string): string {
  const at = readme.indexOf(INDEX_END_MARKER)
  if (at < 0) throw new Error(`${file} has no line "${INDEX_END_MARKER}"; add it below the generated index`)
  return `${index}${readme.slice(at)}`
}

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|')
}
