// issue 43 item 10, issue 39: a stdio MCP server that double-forks a setsid daemon. Closing the
// server ends the daemon too: unconfined through the marker its processes carry, confined through
// the sandbox's PID namespace (the named fallback where this machine has no sandbox).
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { SandboxRecord } from '../../lib/sandbox/describe.ts'
import { machineTier, processesWithArg } from '../tools/test-support/sandbox.ts'
import { McpServerConnection, type McpTimeouts } from './server-connection.ts'
import { McpSandboxConfig, type ServerLaunchOptions } from './server-sandbox.ts'
import type { McpServerSpec } from './server-specs.ts'

const FIXTURE = join(import.meta.dirname, 'test-support', 'fixture-server.mjs')
const timeouts: McpTimeouts = { initializeMs: 10_000, listToolsMs: 5_000, callMs: 5_000, killGraceMs: 500 }
const spec: McpServerSpec = {
  transport: 'stdio',
  name: 'fx',
  key: 'fx',
  command: process.execPath,
  args: [FIXTURE],
  env: {},
}

let cwd: string
afterEach(() => rmSync(cwd, { recursive: true, force: true }))

function launch(mode: 'preferred' | 'off', records: SandboxRecord[]): ServerLaunchOptions {
  return {
    sandbox: McpSandboxConfig.parse({ mode }),
    hidden: [],
    onSandbox: (_server, record) => records.push(record),
  }
}

async function daemonOutlivesClose(options: ServerLaunchOptions | undefined): Promise<number[]> {
  cwd = mkdtempSync(join(tmpdir(), 'dsh-mcp-daemon-'))
  const token = `dsh-mcp-daemon-${process.pid}-${Date.now()}`
  const connection = await McpServerConnection.open(spec, cwd, timeouts, options)
  try {
    await connection.call('daemon', { token }, new AbortController().signal)
    expect(processesWithArg(token).length).toBeGreaterThan(0)
  } finally {
    await connection.close()
  }
  return processesWithArg(token)
}

describe('a stdio MCP server that double-forks a setsid daemon', () => {
  it('unconfined: the daemon ends with the server (found by the marker it carries)', async () => {
    const records: SandboxRecord[] = []
    expect(await daemonOutlivesClose(launch('off', records))).toEqual([])
    expect(records).toEqual([{ subject: 'mcp-server', mode: 'off', run: 'unsandboxed', why: 'off' }])
    expect(await daemonOutlivesClose(undefined)).toEqual([])
  })

  it('in the sandbox: the daemon ends with the server (or, without one, the named fallback)', async () => {
    const records: SandboxRecord[] = []
    expect(await daemonOutlivesClose(launch('preferred', records))).toEqual([])
    expect(records).toEqual([
      machineTier.available
        ? expect.objectContaining({ subject: 'mcp-server', run: 'sandboxed', tier: machineTier.kind, network: true })
        : { subject: 'mcp-server', mode: 'preferred', run: 'unsandboxed', why: machineTier.reason },
    ])
  })

  it('under required without a sandbox it is not started, and the failure says why (forced by PATH)', async () => {
    cwd = mkdtempSync(join(tmpdir(), 'dsh-mcp-daemon-'))
    const none = { available: false, reason: 'no-bwrap' } as const
    const options = { ...launch('preferred', []), detect: async () => none }
    options.sandbox = { ...options.sandbox, mode: 'required' }
    await expect(McpServerConnection.open(spec, cwd, timeouts, options)).rejects.toThrow(
      /^MCP server "fx" \(.*\) was not started: Refused: the sandbox is required \(mcp entry, sandbox\.mode: required/,
    )
  })
})

/** This process's open descriptors, as `<fd> -> <target>`. */
function openFds(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [`${fd} -> ${readlinkSync(`/proc/self/fd/${fd}`)}`]
    } catch {
      return []
    }
  })
}

describe('closing a stdio MCP server', () => {
  // The soak's leftover: the child had exited, its stdio pipes were still open when close() returned.
  it.each(['off', 'preferred'] as const)(
    'sandbox %s: leaves none of its pipes open once close() returns',
    async (mode) => {
      cwd = mkdtempSync(join(tmpdir(), 'dsh-mcp-pipes-'))
      const before = new Set(openFds())
      const connection = await McpServerConnection.open(spec, cwd, timeouts, launch(mode, []))
      expect(openFds().filter((fd) => !before.has(fd)).length).toBeGreaterThan(0)
      await connection.close()
      expect(openFds().filter((fd) => !before.has(fd))).toEqual([])
    },
  )
})
