// A captured session written as a scenario folder (docs/foreign-agents.md, "Importing a live
// session"): input.json and model.yml, secret-scanned first; an existing folder is never touched.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { localIdentity } from '../../../lib/secrets/identity.ts'
import { secretRefusal } from '../../snapshot/core/secrets/gate.ts'
import { loadProjectConfig } from '../../snapshot/scenario/project-config.ts'
import type { DerivedScenario } from './derive.ts'

const TEXT_ONLY = [
  '# Derived by dsh record-session from the agent message text of each prompt turn. Tool calls are not',
  '# derived: add a reply with toolCalls before a turn that used tools, then record with --stub.',
]
const PROXIED = [
  "# Derived by dsh record-session from the model's own answers (proxied to the provider, tool calls whole;",
  "# {{cwd}} is the run's folder). Record with --stub and the same preset, then replay.",
]

/** What the capture adds: the model's answers were proxied; the files the agent's tool calls named. */
interface Captured {
  proxied?: boolean
  workspace?: ReadonlyArray<{ path: string; text: string }>
}

export function writeCapturedScenario(
  root: string,
  name: string,
  derived: DerivedScenario,
  captured: Captured = {},
): string[] {
  const dir = join(root, 'scenarios', name)
  if (existsSync(dir)) throw new Error(`scenarios/${name} exists already; name the session anew with --name`)
  const input = { $schema: '../../schemas/input.schema.json', steps: derived.steps, permissions: derived.permissions }
  const model = [
    ...(captured.proxied ? PROXIED : TEXT_ONLY),
    ...derived.model.map((item) => `- ${JSON.stringify(item)}`),
    '',
  ].join('\n')
  const files = [
    { absolute: join(dir, 'input.json'), text: `${JSON.stringify(input, null, 2)}\n` },
    { absolute: join(dir, 'model.yml'), text: derived.model.length ? model : `${model}[]\n` },
    ...(captured.workspace ?? []).map((file) => ({ absolute: join(dir, 'workspace', file.path), text: file.text })),
  ]
  const gate = { scenario: name, dir, allow: loadProjectConfig(root).allow, identity: localIdentity() }
  const refusal = secretRefusal(gate, files, 'dsh.config.yml')
  if (refusal) throw new Error(refusal)
  for (const file of files) {
    mkdirSync(dirname(file.absolute), { recursive: true })
    writeFileSync(file.absolute, file.text)
  }
  return files.map((file) => `scenarios/${name}/${file.absolute.slice(dir.length + 1)}`)
}
