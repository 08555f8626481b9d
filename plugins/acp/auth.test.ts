// initialize's authMethods and authenticate through the real acp plugin (auth.ts, auth-methods.ts):
// an agent method always, a terminal method only for a client that advertises terminal auth, and
// authenticate saying whether a key is there without ever showing one.
import * as acp from '@agentclientprotocol/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import { initialize, startHarness, type Harness } from './test-support/harness.ts'

let harness: Harness
afterEach(() => harness?.close())

/** A keyed adapter beside echo, its key missing until `present` says otherwise. */
function keyedAdapter(models: string[], env: string, label: string, state = { present: false }) {
  harness.ctx.llm.register({
    label,
    models,
    network: true,
    key: { env, fileName: `${label.toLowerCase()}-api-key`, fileEnv: `${env}_FILE` },
    stream: () => (async function* () {})(),
    keyProblem: () => (state.present ? undefined : `${env} is not set`),
  })
  return state
}

const authenticate = (methodId: string) => harness.agent.request(acp.methods.agent.authenticate, { methodId })
const TERMINAL = { auth: { terminal: true } }

describe('authMethods', () => {
  it('offer the agent method api-key even when no adapter needs a key, and no terminal method then', async () => {
    harness = await startHarness()
    const [method, ...rest] = (await initialize(harness.agent, TERMINAL)).authMethods ?? []
    expect(rest).toEqual([])
    expect(method).toMatchObject({ id: 'api-key', name: 'No API key needed' })
    expect(method).not.toHaveProperty('type')
  })

  it('describe where one key goes; the dsh login terminal method is only for a terminal-auth client', async () => {
    harness = await startHarness()
    keyedAdapter(['keyed'], 'MY_API_KEY', 'Mine')
    const plain = await initialize(harness.agent)
    expect(plain.authMethods).toEqual([
      {
        id: 'api-key',
        name: 'API key (key file or environment)',
        description:
          'dsh reads the model API key from ~/.config/dsh/mine-api-key (or the file MY_API_KEY_FILE names), from ' +
          'MY_API_KEY in ./.env, or from MY_API_KEY in its environment. Run dsh login at a terminal to write the ' +
          'key file, or put the key in ./.env or the environment and restart the agent. authenticate says whether ' +
          'a key is there; the key is never sent over ACP.',
      },
    ])
    const withTerminal = await initialize(harness.agent, TERMINAL)
    expect(withTerminal.authMethods?.[1]).toEqual({
      type: 'terminal',
      id: 'login',
      name: 'Log in at a terminal (dsh login)',
      description:
        'Runs dsh login: type the model API key (it is not shown); dsh writes it to ~/.config/dsh/mine-api-key (or ' +
        'the file MY_API_KEY_FILE names) with mode 0600 and never prints it.',
      args: ['login'],
    })
    expect(withTerminal.authMethods).toHaveLength(2)
  })

  it('name one agent and one terminal method per key variable when adapters read several', async () => {
    harness = await startHarness()
    keyedAdapter(['keyed'], 'MY_API_KEY', 'Mine')
    keyedAdapter(['other'], 'OTHER_KEY', 'Other')
    keyedAdapter(['other-large'], 'OTHER_KEY', 'Other')
    const init = await initialize(harness.agent, TERMINAL)
    const shown = init.authMethods?.map((method) => [method.id, method.name, 'args' in method ? method.args : []])
    const login = (env: string) => ['login', '--env', env]
    expect(shown).toEqual([
      ['api-key:MY_API_KEY', 'Mine API key (key file or environment)', []],
      ['api-key:OTHER_KEY', 'Other API key (key file or environment)', []],
      ['login:MY_API_KEY', 'Mine API key at a terminal (dsh login --env MY_API_KEY)', login('MY_API_KEY')],
      ['login:OTHER_KEY', 'Other API key at a terminal (dsh login --env OTHER_KEY)', login('OTHER_KEY')],
    ])
  })
})

describe('authenticate', () => {
  it('answers a keyless composition at once, saying no key is needed', async () => {
    harness = await startHarness()
    await initialize(harness.agent)
    await expect(authenticate('api-key')).resolves.toEqual({ _meta: { 'dsh/keyNeeded': false } })
  })

  it('refuses an unknown method naming it, and says a key is missing and how to add it', async () => {
    harness = await startHarness()
    const key = keyedAdapter(['keyed'], 'MY_API_KEY', 'Mine')
    await initialize(harness.agent)
    await expect(authenticate('oauth')).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid params: authenticate: unknown method "oauth"; dsh offers "api-key"',
    })
    const missing = authenticate('api-key')
    await expect(missing).rejects.toMatchObject({
      code: -32000,
      message: expect.stringMatching(/model "keyed" has no usable API key \(MY_API_KEY is not set\); run `dsh login`/),
    })
    key.present = true
    await expect(authenticate('api-key')).resolves.toEqual({
      _meta: { 'dsh/keyNeeded': true, 'dsh/keyAvailable': true },
    })
  })

  it('refuses a terminal method: the client runs it, never through authenticate', async () => {
    harness = await startHarness()
    keyedAdapter(['keyed'], 'MY_API_KEY', 'Mine')
    await initialize(harness.agent, TERMINAL)
    await expect(authenticate('login')).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining(
        '"login" is a terminal method: the client runs it in a terminal (it is dsh login)',
      ),
    })
  })

  it('checks the key of the method chosen when there are several', async () => {
    harness = await startHarness()
    keyedAdapter(['keyed'], 'MY_API_KEY', 'Mine', { present: true })
    keyedAdapter(['other'], 'OTHER_KEY', 'Other')
    await initialize(harness.agent)
    await expect(authenticate('api-key:MY_API_KEY')).resolves.toMatchObject({ _meta: { 'dsh/keyAvailable': true } })
    const refused = authenticate('api-key:OTHER_KEY')
    await expect(refused).rejects.toMatchObject({
      code: -32000,
      data: { methodId: 'api-key:OTHER_KEY', model: 'other', env: 'OTHER_KEY' },
      message: expect.stringContaining('run `dsh login --env OTHER_KEY`'),
    })
    await expect(authenticate('api-key')).rejects.toMatchObject({
      message: expect.stringContaining('dsh offers "api-key:MY_API_KEY", "api-key:OTHER_KEY"'),
    })
  })
})
