// The mcp plugin against a real MCP server process (test-support/fixture-server.mjs).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readProcStat, waitGroupGone } from '../../lib/process/liveness.ts'
import type { McpTimeouts } from './server-connection.ts'
import { McpServerSet } from './server-set.ts'
import type { McpServerSpec } from './server-specs.ts'

const FIXTURE = join(import.meta.dirname, 'test-support', 'fixture-server.mjs')
const timeouts: McpTimeouts = { initializeMs: 5_000, listToolsMs: 5_000, callMs: 5_000, killGraceMs: 500 }
const spec = (name: string, mode = 'normal'): McpServerSpec => ({
  transport: 'stdio',
  name,
  key: name,
  command: process.execPath,
  args: [FIXTURE, mode],
  env: {},
})

let cwd: string
let sets: McpServerSet[] = []
const open = async (specs: McpServerSpec[], t = timeouts) => {
  const set = await McpServerSet.open(specs, cwd, t)
  sets.push(set)
  return set
}
const context = () => ({ cwd, signal: new AbortController().signal })

afterEach(async () => {
  await Promise.all(sets.map((set) => set.close()))
  sets = []
  if (cwd) rmSync(cwd, { recursive: true, force: true })
})

describe('McpServerSet with a real stdio server', () => {
  it('offers the server tools as mcp__<server>__<tool>, read-only ones without approval', async () => {
    cwd = mkdtempSync(join(tmpdir(), 'dsh-mcp-'))
    const set = await open([spec('fix')])
    expect(set.failures).toEqual([])
    const byName = new Map(set.tools.map((tool) => [tool.name, tool]))
    expect([...byName.keys()].sort()).toEqual(
      ['daemon', 'die', 'env', 'fail', 'sleeper', 'upper', 'write_note'].map((t) => `mcp__fix__${t}`),
    )
    const upper = byName.get('mcp__fix__upper')!
    expect(upper).toMatchObject({ kind: 'read', needsApproval: false })
    expect(upper.parameters).toMatchObject({ type: 'object', properties: { text: { type: 'string' } } })
    expect(upper.title({ text: 'x' })).toBe('fix: Upper-case')
    expect(byName.get('mcp__fix__write_note')).toMatchObject({ kind: 'other', needsApproval: true })
    expect(await upper.run({ text: 'hello' }, context())).toEqual({ output: 'HELLO', isError: false })
    const wrote = await byName.get('mcp__fix__write_note')!.run({ name: 'n.txt', text: 'hi' }, context())
    expect(wrote).toEqual({ output: 'wrote n.txt', isError: false })
    expect(readFileSync(join(cwd, 'n.txt'), 'utf8')).toBe('hi')
    expect(await byName.get('mcp__fix__fail')!.run({}, context())).toEqual({
      output: 'the fixture failed on purpose',
      isError: true,
    })
  })

  it('starts servers with a short environment: no API key of dsh reaches them', async () => {
    cwd = mkdtempSync(join(tmpdir(), 'dsh-mcp-'))
    process.env.DEEPSEEK_API_KEY = 'sk-must-not-leak'
    try {
      const set = await open([spec('fix')])
      const env = await set.tools.find((t) => t.name === 'mcp__fix__env')!.run({}, context())
      expect(env.output.split(',')).toContain('PATH')
      expect(env.output).not.toContain('DEEPSEEK')
    } finally {
      delete process.env.DEEPSEEK_API_KEY
    }
  })

  it('a server dying mid-call: an error result and a failure naming the server, command and exit', async () => {
    cwd = mkdtempSync(join(tmpdir(), 'dsh-mcp-'))
    const set = await open([spec('fix')])
    const reported: { server: string; message: string }[] = []
    set.onFailure((failure) => reported.push(failure))
    const result = await set.tools.find((t) => t.name === 'mcp__fix__die')!.run({}, context())
    expect(result.isError).toBe(true)
    // The model is told what happened, without the command line (paths it does not need).
    expect(result.output).toMatch(/^MCP server "fix" failed during the call to die:/)
    expect(result.output).toMatch(/the process exited with code 7/)
    expect(reported).toHaveLength(1)
    expect(reported[0]!.server).toBe('fix')
    expect(reported[0]!.message).toMatch(
      /^MCP server "fix" \(\S+ \S+fixture-server\.mjs normal\) failed during the call to die:.*exited with code 7/,
    )
  })

  it('keeps a server that cannot start as a named failure while the others work', async () => {
    cwd = mkdtempSync(join(tmpdir(), 'dsh-mcp-'))
    const set = await open([spec('broken', 'exit-at-start'), spec('ok')])
    expect(set.tools.map((t) => t.name)).toContain('mcp__ok__upper')
    expect(set.failures).toHaveLength(1)
    expect(set.failures[0]!.server).toBe('broken')
    expect(set.failures[0]!.message).toMatch(/^MCP server "broken" \(.*exit-at-start\) could not be initialized: /)
    expect(set.failures[0]!.message).toMatch(/exited with code 3; its stderr ends: fixture: refusing to start/)
  })

  it('names an initialize timeout, and ends the silent server', async () => {
    cwd = mkdtempSync(join(tmpdir(), 'dsh-mcp-'))
    const set = await open([spec('mute', 'silent')], { ...timeouts, initializeMs: 300 })
    expect(set.failures[0]!.message).toMatch(/^MCP server "mute" .* could not be initialized: .*timed out/i)
  })

  it('close() ends the server with its whole process group, background children included', async () => {
    cwd = mkdtempSync(join(tmpdir(), 'dsh-mcp-'))
    const set = await open([spec('fix')])
    const result = await set.tools.find((t) => t.name === 'mcp__fix__sleeper')!.run({}, context())
    const sleeper = Number(result.output)
    const group = readProcStat(sleeper)!.pgrp
    expect(await waitGroupGone(group, { timeoutMs: 0 })).toBe(false)
    await set.close()
    expect(await waitGroupGone(group, { timeoutMs: 0 })).toBe(true)
  })
})
