import { Context } from 'cordis'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { captureInternalErrors, startOrDispose } from '../config/test-support/internal-errors.ts'
import { ToolsConfig } from './config.ts'
import { defineTool, okResult, toolArgs } from './define-tool.ts'
import ToolsService from './index.ts'
import { makeWorkspace, type Workspace } from './test-support/workspace.ts'

let ctx: Context
let workspace: Workspace
beforeEach(async () => {
  ctx = new Context()
  workspace = await makeWorkspace()
})
afterEach(async () => {
  await ctx.fiber.dispose()
  await workspace.cleanup()
})

const echoTool = defineTool({
  name: 'echo',
  description: 'Echo a word',
  kind: 'other',
  needsApproval: false,
  args: toolArgs({}),
  title: () => 'echo',
  run: async () => okResult('echoed'),
})

describe('tools service', () => {
  it('registers the seven built-ins by default, in a stable order', async () => {
    await ctx.plugin(ToolsService)
    expect(ctx.tools.list().map((tool) => tool.name)).toEqual([
      'bash',
      'read_file',
      'write_file',
      'edit_file',
      'list_dir',
      'todo',
      'ask_user',
    ])
    expect(ctx.tools.list().map((tool) => [tool.kind, tool.needsApproval])).toEqual([
      ['execute', true],
      ['read', false],
      ['edit', true],
      ['edit', true],
      ['read', false],
      ['think', false],
      ['other', false],
    ])
    // The user's questions need the client's elicitation: offered only with it (plugins/agent).
    expect(ctx.tools.get('ask_user')?.requiresClient).toBe('elicit')
  })

  it('offers plain schemas: name, description and a JSON Schema of the arguments', async () => {
    await ctx.plugin(ToolsService)
    const schemas = ctx.tools.schemas()
    expect(schemas.map((schema) => Object.keys(schema))).toEqual(Array(7).fill(['name', 'description', 'parameters']))
    expect(schemas.find((schema) => schema.name === 'read_file')!.parameters).toEqual({
      type: 'object',
      properties: { path: { type: 'string', description: 'File path relative to the working directory' } },
      required: ['path'],
      additionalProperties: false,
    })
    expect(schemas.find((schema) => schema.name === 'list_dir')!.parameters).not.toHaveProperty('required')
    // Deterministic: a second service with the same config describes the tools identically.
    const other = new Context()
    await other.plugin(ToolsService)
    expect(JSON.stringify(other.tools.schemas())).toBe(JSON.stringify(schemas))
    await other.fiber.dispose()
  })

  it('`enabled` selects the built-ins, registered in canonical order', async () => {
    await ctx.plugin(ToolsService, { enabled: ['list_dir', 'read_file'] })
    expect(ctx.tools.schemas().map((schema) => schema.name)).toEqual(['read_file', 'list_dir'])
    expect(ctx.tools.get('bash')).toBeUndefined()
    expect(ctx.tools.get('list_dir')?.name).toBe('list_dir')
  })

  it('validates its config through Cordis', async () => {
    const reported = captureInternalErrors(ctx)
    await expect(startOrDispose(ctx.plugin(ToolsService, { enabled: ['rm_rf'] } as never))).rejects.toThrow(
      /invalid config/,
    )
    expect(reported).toEqual([expect.objectContaining({ message: expect.stringMatching(/invalid config/) })])
  })

  it('passes bash settings to the built-in bash tool', async () => {
    await ctx.plugin(ToolsService, { bash: { timeoutMs: 200, killGraceMs: 50 } })
    const result = await ctx.tools.get('bash')!.run({ command: 'sleep 5' }, workspace.context())
    expect(result).toMatchObject({
      output: '(no output)\n[timed out after 200 ms; the command and its background processes were killed]',
      isError: true,
    })
  })

  it('ties a registered tool to the registering plugin', async () => {
    await ctx.plugin(ToolsService, { enabled: [] })
    const fiber = await ctx.plugin({
      name: 'echo-plugin',
      inject: ['tools'],
      apply: (pluginCtx: Context) => {
        pluginCtx.tools.register(echoTool)
      },
    })
    expect(ctx.tools.list().map((tool) => tool.name)).toEqual(['echo'])
    await fiber.dispose()
    expect(ctx.tools.list()).toEqual([])
  })

  it('returns a disposer and refuses duplicate names', async () => {
    await ctx.plugin(ToolsService)
    const dispose = ctx.tools.register(echoTool)
    expect(() => ctx.tools.register(echoTool)).toThrow('a tool named "echo" is already registered')
    expect(() => ctx.tools.register({ ...echoTool, name: 'bash' })).toThrow(/"bash" is already registered/)
    expect(ctx.tools.get('echo')).toBe(echoTool)
    await dispose()
    expect(ctx.tools.get('echo')).toBeUndefined()
  })
})

describe('ToolsConfig', () => {
  it('fills every default from nothing', () => {
    expect(ToolsConfig.parse(undefined)).toEqual({
      enabled: ['bash', 'read_file', 'write_file', 'edit_file', 'list_dir', 'todo', 'ask_user'],
      bash: {
        timeoutMs: 30_000,
        maxOutputBytes: 16_384,
        killGraceMs: 2_000,
        envAllowlist: ['PATH', 'LANG', 'LC_ALL', 'TZ', 'TERM', 'DSH_CONFORMANCE_CASE'],
      },
      readMaxBytes: 65_536,
      sandbox: { mode: 'preferred', denyRead: expect.arrayContaining(['~/.ssh']), allowWrite: [], network: false },
    })
  })

  it('rejects unknown tool names, duplicates and the agent key in the allowlist', () => {
    expect(ToolsConfig.safeParse({ enabled: ['bash', 'rm_rf'] }).success).toBe(false)
    expect(ToolsConfig.safeParse({ enabled: ['bash', 'bash'] }).success).toBe(false)
    const leaky = ToolsConfig.safeParse({ bash: { envAllowlist: ['PATH', 'DEEPSEEK_API_KEY'] } })
    expect(leaky.error?.issues[0]?.message).toMatch(/must not contain the agent's own secrets/)
  })

  it('rejects an unknown key, naming it and where it is, and still fills the defaults around a known one', () => {
    const typo = ToolsConfig.safeParse({ bash: { timeoutMS: 5000 } })
    expect(typo.error?.issues).toMatchObject([{ code: 'unrecognized_keys', keys: ['timeoutMS'], path: ['bash'] }])
    expect(typo.error?.issues[0]?.message).toContain('"timeoutMS"')
    expect(ToolsConfig.safeParse({ readMaxbytes: 1 }).error?.issues).toMatchObject([
      { keys: ['readMaxbytes'], path: [] },
    ])
    expect(ToolsConfig.parse({ bash: { timeoutMs: 5000 } }).bash).toEqual({
      ...ToolsConfig.parse({}).bash,
      timeoutMs: 5000,
    })
  })
})
