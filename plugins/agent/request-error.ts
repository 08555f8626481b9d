// The agent's refusal of a request (the ACP connection turns it into the client's error).
/** Thrown for requests that name no live session or collide with a running turn. */
export class AgentRequestError extends Error {
  constructor(
    message: string,
    public kind:
      | 'unknown-session'
      | 'busy'
      | 'unknown-mode'
      | 'unknown-model'
      | 'locked'
      | 'not-a-log'
      | 'project-instructions'
      | 'fork-point',
  ) {
    super(message)
    this.name = 'AgentRequestError'
  }
}
