// The session plugin: provides the `sessions` service (see store.ts) and the log format.
import { SessionStore } from './store.ts'

export * from './events.ts'
export * from './log-format.ts'
export { summarizeSessions, type SessionSummary } from './summaries.ts'
export { SessionStore, type OpenedSession, type SessionContents } from './store.ts'
export { Config, type SessionStoreConfig } from './store-config.ts'
export { defaultSessionsRoot } from './default-root.ts'
export { SessionStorageError } from './storage-error.ts'

export const name = 'session'
export default SessionStore
