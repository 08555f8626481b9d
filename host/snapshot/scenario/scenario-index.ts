// The scenario index (a Markdown table) is generated from the manifests'
// one-line descriptions, so it cannot drift from the corpus.
import type { ScenarioManifest } from './manifest.ts'

export function renderScenarioIndex(manifests: readonly ScenarioManifest[]): string {
  const rows = [...manifests]
    .sort((a, b) => a.scenario.localeCompare(b.scenario))
    .map((m) => {
      const traits = [
        m.recording,
        m.header ? `header ${m.header.class}${m.header.pin ? ' (pin)' : ''}` : 'no model',
        m.platform === 'posix' ? 'posix only' : '',
      ]
        .filter(Boolean)
        .join(', ')
      return `| [${m.scenario}](./${m.scenario}/) | ${escapeCell(m.description)} | ${traits} |`
    })
  return [
    '# Scenarios',
    '',
    '<!-- Generated from each snapshot.yml description; edit the manifests, not this file. -->',
    '',
    '| scenario | what it shows | kind |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n')
}

function escapeCell(text: string): string {
  return text.replaceAll('|', '\\|')
}
