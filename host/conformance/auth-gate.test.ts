import { describe, expect, it } from 'vitest'
import { authStop } from './auth-gate.ts'
import { builder, failed, ok } from './test-support/trace-builder.ts'

const METHODS = [{ id: 'api-key', name: 'API key', description: 'set EXAMPLE_KEY' }, { id: 'login' }]

/** A case that stopped at session/new with `error`, after an initialize advertising `authMethods`. */
function stoppedAtNewSession(authMethods: unknown[], code: number, message: string) {
  const b = builder()
  b.trace.initialize = ok({ protocolVersion: 1, authMethods })
  b.end(b.step('initialize'), b.trace.initialize)
  b.step('newSession', 's1').outcome = failed(code, message)
  return b.trace
}

describe('authStop', () => {
  it('reads auth_required as the need for authentication, naming every method and the flag', () => {
    const stop = authStop('handshake', stoppedAtNewSession(METHODS, -32000, 'Authentication required'))
    expect(stop?.methods).toEqual(METHODS)
    expect(stop?.reason).toBe(
      'the agent needs authentication: in case handshake, steps[1] (newSession "s1") failed with -32000: ' +
        'Authentication required; it advertises 2 auth methods: "api-key" (API key: set EXAMPLE_KEY), "login". ' +
        'Later cases would fail the same way, so none was launched. Run again with --authenticate METHOD (api-key ' +
        'or login), after setting up what that method needs (a key in the environment, a login done by hand).',
    )
  })

  it('leaves any other session/new failure to the case, whose own report names the real error', () => {
    // An agent that advertises methods may still fail session/new for another reason (a bad cwd, a crash).
    expect(authStop('c', stoppedAtNewSession(METHODS, -32603, 'Internal error: ENOENT sessions root'))).toBeUndefined()
    expect(authStop('c', stoppedAtNewSession(METHODS, -32602, 'Invalid params: cwd must be absolute'))).toBeUndefined()
    expect(authStop('c', stoppedAtNewSession([], -32603, 'Internal error'))).toBeUndefined()
    // auth_required stops the run even when the agent advertises no method, and says so.
    expect(authStop('c', stoppedAtNewSession([], -32000, 'Authentication required'))?.reason).toMatch(
      /^the agent needs authentication: .* it advertises no authMethods, so no client can authenticate with it\./,
    )
  })

  it('says when --authenticate was refused, or did not help', () => {
    const trace = stoppedAtNewSession(METHODS, -32000, 'Authentication required')
    expect(
      authStop('c', trace, { methodId: 'login', outcome: failed(-32602, 'unknown method login') })?.reason,
    ).toMatch(/^the agent refused --authenticate login: in case c, authenticate failed with -32602: unknown method/)
    expect(authStop('c', trace, { methodId: 'api-key', outcome: ok({}) })?.reason).toContain(
      'failed with -32000: Authentication required even though --authenticate api-key succeeded;',
    )
    // After a successful --authenticate, another session/new failure is not taken for auth.
    const other = stoppedAtNewSession(METHODS, -32603, 'Internal error')
    expect(authStop('c', other, { methodId: 'api-key', outcome: ok({}) })).toBeUndefined()
  })

  it('ignores a case that failed for another reason', () => {
    const b = builder()
    b.trace.initialize = ok({ protocolVersion: 1, authMethods: METHODS })
    b.end(b.step('newSession', 's1'), ok({ sessionId: 'id-1' }))
    b.step('prompt', 'p1').outcome = failed(-32603, 'model error')
    expect(authStop('c', b.trace)).toBeUndefined()
  })
})
