import { describe, expect, it } from 'vitest'
import { McpServerSpecError, parseServerSpecs } from './server-specs.ts'

const cwd = '/work/project'
const stdioOnly = { http: false, sse: false }
const parse = (raw: unknown, support = stdioOnly) => parseServerSpecs(raw, cwd, support)
const refusal = (raw: unknown, support = stdioOnly) => {
  try {
    parse(raw, support)
  } catch (error) {
    expect(error).toBeInstanceOf(McpServerSpecError)
    return (error as Error).message
  }
  throw new Error('expected a refusal')
}

describe('parseServerSpecs', () => {
  it('normalizes a stdio entry: env pairs to a record, a relative command inside the cwd to a path', () => {
    const [spec] = parse([{ name: 'notes', command: './bin/server', args: ['-v'], env: [{ name: 'A', value: '1' }] }])
    expect(spec).toEqual({
      transport: 'stdio',
      name: 'notes',
      key: 'notes',
      command: '/work/project/bin/server',
      args: ['-v'],
      env: { A: '1' },
    })
  })

  it('keeps a bare command for PATH and gives a model-safe key to any name', () => {
    const [spec] = parse([{ name: 'My Server.v2', command: 'node', args: [], env: [] }])
    expect(spec).toMatchObject({ command: 'node', key: 'My_Server_v2', name: 'My Server.v2' })
  })

  it('refuses a missing command, naming the entry and the field', () => {
    expect(
      refusal([
        { name: 'a', command: 'node' },
        { name: 'b', args: [] },
      ]),
    ).toBe('mcpServers[1].command is required for a stdio server')
  })

  it('refuses duplicate names, also when they only clash once made model-safe', () => {
    expect(
      refusal([
        { name: 'a b', command: 'x' },
        { name: 'a_b', command: 'y' },
      ]),
    ).toMatch(/^mcpServers\[1\]: the name "a_b" is already used by mcpServers\[0\] \("a b"\)/)
  })

  it('refuses a relative command that leaves the session folder', () => {
    expect(refusal([{ name: 'evil', command: '../outside/server' }])).toMatch(
      /mcpServers\[0\] \("evil"\): the command "..\/outside\/server" is a relative path that leaves/,
    )
  })

  it('refuses http unless initialize advertised it, and accepts it when it did', () => {
    const entry = { type: 'http', name: 'docs', url: 'http://127.0.0.1:9/mcp', headers: [{ name: 'X', value: 'y' }] }
    expect(refusal([entry])).toMatch(/uses the http transport, which the client did not advertise/)
    expect(parse([entry], { http: true, sse: false })[0]).toEqual({
      transport: 'http',
      name: 'docs',
      key: 'docs',
      url: 'http://127.0.0.1:9/mcp',
      headers: { X: 'y' },
    })
  })

  it('refuses junk: not an array, an entry that is not an object, a URL that is not http', () => {
    expect(refusal({ name: 'x' })).toBe('mcpServers must be an array of MCP server entries')
    expect(refusal(['node'])).toMatch(/^mcpServers\[0\]/)
    expect(refusal([{ type: 'sse', name: 's', url: 'file:///etc/passwd' }], { http: true, sse: true })).toBe(
      'mcpServers[0].url must be an http(s) URL',
    )
  })

  it('takes an absent list as no servers', () => {
    expect(parse(undefined)).toEqual([])
  })
})
