// A scenario's MCP server whose tool list changed since the recording: replay runs the real server,
// so the model would be offered other tools than the recorded ones. The run fails with a named
// tool drift saying which tool changed, was added or was removed (core/tool-drift.ts).
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { repoRoot, scratchProject } from '../test-support/scratch-project.ts'
import { runScenarios } from './run.ts'
import { failureMessages } from '../model/failure.ts'

const SCENARIO = 'mcp-tool-approval'
const project = scratchProject('mcp-tool-drift')
afterAll(() => project.remove())
const dir = join(project.root, 'scenarios', SCENARIO)
cpSync(join(repoRoot, 'scenarios', SCENARIO), dir, { recursive: true })
// The pin's system prompt lives in text-turn (systemPromptSource): keep it a pin of its own here.
const manifest = join(dir, 'snapshot.yml')
writeFileSync(manifest, readFileSync(manifest, 'utf8').replace(/\n {2}systemPromptSource: text-turn/, ''))
cpSync(join(repoRoot, 'scenarios', 'text-turn', 'system-prompt.expected.md'), join(dir, 'system-prompt.expected.md'))

const server = join(dir, 'notes-server.mjs')
const original = readFileSync(server, 'utf8')
const changeServer = (edit: (text: string) => string) => writeFileSync(server, edit(original))

describe('an MCP server whose tool list changed since recording', () => {
  it('replays as recorded while the server is unchanged', async () => {
    changeServer((text) => text)
    const { outcomes } = await runScenarios({ root: project.root })
    expect(outcomes[0]!.failures).toEqual([])
  })

  it('fails with a tool drift naming the changed and the removed tool', async () => {
    changeServer((text) =>
      text
        .replace("description: 'Returns the text in upper case.'", "description: 'Returns the text in capitals.'")
        .replace(/\n {2}\{\n {4}name: 'crash',[\s\S]*?\n {2}\},/, ''),
    )
    const { outcomes } = await runScenarios({ root: project.root })
    const failures = failureMessages(outcomes[0]!.failures).join('\n')
    expect(failures).toContain('tool drift: the tools offered to the model differ from tool-schemas.expected.json')
    expect(failures).toContain('"mcp__notes__shout" changed (description)')
    expect(failures).toContain('"mcp__notes__crash" removed')
  })
})
