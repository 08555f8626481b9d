// issue 38 item 7: replay names a changed AGENTS.md as a drift. A copy of the project-instructions
// scenario (in a temp folder, never the repository's own) gets another AGENTS.md; `dsh test` fails it
// with the named drift, and the unchanged copy still passes.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { runCli } from '../test-support/run-cli.ts'

const root = mkdtempSync(join(tmpdir(), 'dsh-instructions-drift-'))
const scenario = join(root, 'scenarios', 'project-instructions')

beforeAll(() => {
  // text-turn is the pin its class takes the tool schemas from.
  for (const name of ['project-instructions', 'text-turn'])
    cpSync(packageFile('scenarios', name), join(root, 'scenarios', name), { recursive: true })
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

it('passes as recorded, and fails naming AGENTS.md once the file changed', async () => {
  const unchanged = await runCli(['test', '--root', root, 'project-instructions'], { env: { NO_COLOR: '1' } })
  expect(unchanged.code, unchanged.stdout).toBe(0)
  writeFileSync(join(scenario, 'workspace', 'AGENTS.md'), '# House rules\n\n- Answer in two sentences.\n')
  const changed = await runCli(['test', '--root', root, 'project-instructions'], { env: { NO_COLOR: '1' } })
  expect(changed.code).toBe(1)
  expect(changed.stdout).toMatch(
    new RegExp(
      String.raw`cause: scenario project-instructions: regression-or-intended: replay drift at steps\[2\] .*` +
        String.raw`project instructions drift: AGENTS\.md changed since the recording ` +
        String.raw`\(recorded sha256 2124ee5e53cb, 74 bytes; now sha256 [0-9a-f]{12}, 42 bytes\)`,
    ),
  )
})
