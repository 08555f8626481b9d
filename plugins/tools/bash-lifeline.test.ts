// The bash tool's agent watcher (docs/security.md, "When the agent dies"): it is invisible to
// the command. That it kills the group when the agent dies is proven against the real process
// in plugins/acp/crash.process.test.ts.
import { afterEach, expect, it } from 'vitest'
import { createBashTool } from './bash.ts'
import { ToolsConfig } from './config.ts'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'

let workspace: Workspace | undefined
afterEach(async () => {
  await workspace?.cleanup()
})

it('gives the command no extra descriptor: fd 3 (the lifeline) stays with the watcher', async () => {
  workspace = await makeWorkspace()
  const tool = createBashTool(ToolsConfig.parse({}).bash)
  const result = await tool.run(
    { command: 'test -e /proc/$$/fd/3 && echo "fd 3 open" || echo "fd 3 closed"' },
    workspace.context(),
  )
  expect(result).toEqual({ output: 'fd 3 closed\n', isError: false })
})
