// Which request goes to which method of the connection (connection.ts): the SDK parses the params
// of each method it knows; dsh parses those whose errors the client must be able to act on.
import * as acp from '@agentclientprotocol/sdk'
import type { AnsweredClose } from './answered-close.ts'
import type { AcpConnection } from './connection.ts'
import { FORK_SESSION, parseForkSession, parseSetModel, SET_MODEL } from './params.ts'

/** The agent app of one connection; prompts are tracked so a closing connection answers them first. */
export function agentApp(name: string, connection: AcpConnection, answers: AnsweredClose) {
  const { agent } = acp.methods
  return acp
    .agent({ name })
    .onRequest(agent.initialize, ({ params }) => connection.initialize(params))
    .onRequest(agent.authenticate, ({ params }) => connection.authenticate(params))
    .onRequest(agent.logout, () => connection.logout())
    .onRequest(
      agent.session.new,
      (params: unknown) => params,
      ({ params }) => connection.newSession(params),
    )
    .onRequest(
      FORK_SESSION,
      (params: unknown) => parseForkSession(params),
      ({ params }) => connection.forkSession(params),
    )
    .onRequest(agent.session.load, ({ params }) => connection.loadSession(params))
    .onRequest(agent.session.list, ({ params }) => connection.listSessions(params))
    .onRequest(agent.session.resume, ({ params }) => connection.resumeSession(params))
    .onRequest(agent.session.close, ({ params }) => connection.closeSession(params))
    .onRequest(agent.session.delete, ({ params }) => connection.deleteSession(params))
    .onRequest(agent.session.setMode, ({ params }) => connection.setMode(params))
    .onRequest(agent.session.setConfigOption, ({ params }) => connection.setConfigOption(params))
    .onRequest(
      SET_MODEL,
      (params: unknown) => parseSetModel(params),
      ({ params }) => connection.setModel(params),
    )
    .onRequest(agent.session.prompt, ({ params }) => answers.track(connection.prompt(params)))
    .onNotification(agent.session.cancel, ({ params }) => connection.cancel(params))
}
