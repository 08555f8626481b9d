// `session/created` and `session/event` fire after the write: a listener that throws is reported
// (internal/error) and must not make a durable append look failed.

export function emitSafely(emit: () => void, report: (error: unknown) => void): void {
  try {
    emit()
  } catch (error) {
    report(error)
  }
}
