// A session event that could not be stored: the disk is full, the log was moved or replaced,
// its file was closed after an earlier failure. Named apart from every other failure so the
// agent ends the turn as a storage failure, never as a model error (docs/session-recovery.md).

export class SessionStorageError extends Error {
  override name = 'SessionStorageError'
}
