// Issue 43, silent 15, 18 and 19, against real MCP server processes: one bad tool in a list loses
// only itself, a model name two servers' tools would share is refused for the second and named, and
// a tool result is capped like bash's output ("N bytes omitted", config maxOutputBytes).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { McpTimeouts } from './server-connection.ts'
import { McpServerSet } from './server-set.ts'
import type { McpServerSpec } from './server-specs.ts'

const FIXTURE = join(import.meta.dirname, 'test-support', 'fixture-server.mjs')
const timeouts: McpTimeouts = { initializeMs: 5_000, listToolsMs: 5_000, callMs: 30_000, killGraceMs: 500 }
const objectSchema = { type: 'object', properties: { bytes: { type: 'number' } } }
const raw = (name: string, tools: unknown[]): McpServerSpec => ({
  transport: 'stdio',
  name,
  key: name,
  command: process.execPath,
  args: [FIXTURE, 'raw', JSON.stringify(tools)],
  env: {},
})

let cwd: string
const sets: McpServerSet[] = []
afterEach(async () => {
  await Promise.all(sets.splice(0).map((set) => set.close()))
  rmSync(cwd, { recursive: true, force: true })
})
const open = async (specs: McpServerSpec[], maxOutputBytes?: number) => {
  cwd = mkdtempSync(join(tmpdir(), 'dsh-mcp-faults-'))
  const set = await McpServerSet.open(specs, cwd, timeouts, undefined, maxOutputBytes ? { maxOutputBytes } : undefined)
  sets.push(set)
  return set
}
const context = () => ({ cwd, signal: new AbortController().signal })

describe('MCP tool lists and results', () => {
  it('drops only the tool whose entry is invalid, naming it and why', async () => {
    const set = await open([
      raw('mixed', [
        { name: 'good', inputSchema: objectSchema },
        { name: 'stringly', inputSchema: { type: 'string' } },
        { description: 'no name', inputSchema: objectSchema },
        { name: 'also_good', inputSchema: { type: 'object' } },
      ]),
    ])
    expect(set.tools.map((t) => t.name)).toEqual(['mcp__mixed__good', 'mcp__mixed__also_good'])
    expect(set.failures.map((f) => f.message)).toEqual([
      expect.stringMatching(
        /^MCP server "mixed" \(.*\): tool "stringly" is left out: it is not a valid MCP tool: inputSchema\.type: /,
      ),
      expect.stringMatching(
        /^MCP server "mixed" \(.*\): tool "#3 of the list" is left out: it is not a valid MCP tool: name: /,
      ),
    ])
    expect(await set.tools[0]!.run({ bytes: 3 }, context())).toEqual({ output: 'xxx', isError: false })
  })

  it('refuses a model name two servers would share, for the second, and names the owner', async () => {
    // `a__b`/`c` and `a`/`b__c` are both mcp__a__b__c.
    const set = await open([
      raw('a__b', [{ name: 'c', inputSchema: objectSchema }]),
      raw('a', [
        { name: 'b__c', inputSchema: objectSchema },
        { name: 'd', inputSchema: objectSchema },
      ]),
    ])
    expect(set.tools.map((t) => t.name)).toEqual(['mcp__a__b__c', 'mcp__a__d'])
    expect(set.failures).toEqual([
      {
        server: 'a',
        message: expect.stringMatching(
          new RegExp(
            String.raw`^MCP server "a" \(.*\): tool "b__c" is left out: ` +
              'its model name mcp__a__b__c is already taken by tool "c" of MCP server "a__b"$',
          ),
        ),
      },
    ])
  })

  it('caps a result like bash: the start and the end, and how many bytes were omitted', async () => {
    const set = await open([raw('big', [{ name: 'flood', inputSchema: objectSchema }])], 2_048)
    const result = await set.tools[0]!.run({ bytes: 2 * 1024 * 1024 }, context())
    expect(result.isError, result.output.slice(0, 300)).toBe(false)
    expect(result.output.length).toBeLessThan(2_200)
    expect(result.output).toContain(`[output truncated: ${2 * 1024 * 1024 - 2_048} bytes omitted]`)
    // The default is bash's 16 KiB.
    const byDefault = await open([raw('big2', [{ name: 'flood', inputSchema: objectSchema }])])
    const fallback = await byDefault.tools[0]!.run({ bytes: 100_000 }, context())
    expect(fallback.output).toContain(`[output truncated: ${100_000 - 16_384} bytes omitted]`)
  })
})
