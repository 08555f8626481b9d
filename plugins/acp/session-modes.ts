// The session modes as ACP shows them (session/new, session/load responses).
import type { SessionModeState } from '@agentclientprotocol/sdk'
import { type ModeId, SESSION_MODES } from '../agent/index.ts'

export function modeState(currentModeId: ModeId): SessionModeState {
  return { currentModeId, availableModes: SESSION_MODES.map((mode) => ({ ...mode })) }
}
