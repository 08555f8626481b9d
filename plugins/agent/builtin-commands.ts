// The agent's own slash commands: `/mode <id>`, `/model <id>`, `/clear`, `/compact`. Each goes through the same
// agent call as its ACP request (session/set_mode, session/set_model), so it is logged the same way.
import type { SlashCommand } from './commands.ts'
import { MODE_IDS } from './modes.ts'

interface CommandTarget {
  setMode(sessionId: string, modeId: string): void
  setModel(sessionId: string, model: string): void
  models(sessionId: string): string[]
  clearHistory(sessionId: string): void
  compact(sessionId: string): Promise<string>
}

export function builtinCommands(agent: CommandTarget): SlashCommand[] {
  return [
    {
      name: 'mode',
      description: `Switch the session mode (${MODE_IDS.join(', ')})`,
      hint: MODE_IDS.join(' | '),
      run(input, { sessionId }) {
        if (!input) throw new Error(`/mode needs a mode id: ${MODE_IDS.join(', ')}`)
        agent.setMode(sessionId, input)
        return `Mode: ${input}.`
      },
    },
    {
      name: 'model',
      description: 'Switch the model for the next requests',
      hint: 'model id',
      run(input, { sessionId }) {
        if (!input) throw new Error(`/model needs a model id: ${agent.models(sessionId).join(', ')}`)
        agent.setModel(sessionId, input)
        return `Model: ${input}.`
      },
    },
    {
      name: 'clear',
      description: 'Start the conversation over: the model forgets the earlier turns (the log keeps them)',
      run(_input, { sessionId }) {
        agent.clearHistory(sessionId)
        return 'The conversation is cleared: the next prompt starts fresh.'
      },
    },
    {
      name: 'compact',
      description: 'Summarise the conversation so far to free context (one model call)',
      run(_input, { sessionId }) {
        return agent.compact(sessionId)
      },
    },
  ]
}
