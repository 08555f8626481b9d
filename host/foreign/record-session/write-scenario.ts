// A captured session written as a scenario folder (docs/foreign-agents.md, "Importing a live
// session"): input.json and model.yml, secret-scanned first; an existing folder is never touched.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { localIdentity } from '../../../lib/secrets/identity.ts'
import { secretRefusal } from '../../snapshot/core/secrets/gate.ts'
import { loadProjectConfig } from '../../snapshot/scenario/project-config.ts'
import type { DerivedScenario } from './derive.ts'

export function writeCapturedScenario(root: string, name: string, derived: DerivedScenario): string[] {
  const dir = join(root, 'scenarios', name)
  if (existsSync(dir)) throw new Error(`scenarios/${name} exists already; name the session anew with --name`)
  const input = { $schema: '../../schemas/input.schema.json', steps: derived.steps, permissions: derived.permissions }
  const model = [
    '# Derived by dsh record-session from the agent message text of each prompt turn. Tool calls are not',
    '# derived: add a reply with toolCalls before a turn that used tools, then record with --stub.',
    ...derived.model.map((item) => `- ${JSON.stringify(item)}`),
    '',
  ].join('\n')
  const files = [
    { absolute: join(dir, 'input.json'), text: `${JSON.stringify(input, null, 2)}\n` },
    { absolute: join(dir, 'model.yml'), text: derived.model.length ? model : `${model}[]\n` },
  ]
  const gate = { scenario: name, dir, allow: loadProjectConfig(root).allow, identity: localIdentity() }
  const refusal = secretRefusal(gate, files, 'dsh.config.yml')
  if (refusal) throw new Error(refusal)
  mkdirSync(dir, { recursive: true })
  for (const file of files) writeFileSync(file.absolute, file.text)
  return files.map((file) => `scenarios/${name}/${file.absolute.slice(dir.length + 1)}`)
}
