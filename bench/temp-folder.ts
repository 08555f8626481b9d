// A temp folder a bench part builds (a generated corpus), removed when the part ends, also when it
// fails, and when SIGINT / SIGTERM / SIGHUP ends the bench first (Ctrl-C): the handler removes it,
// then ends the process with 128 + the signal's number, as the signal would have.
import { mkdtempSync, rmSync } from 'node:fs'
import { constants, tmpdir } from 'node:os'
import path from 'node:path'

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

export async function withTempFolder<T>(prefix: string, use: (folder: string) => Promise<T>): Promise<T> {
  const folder = mkdtempSync(path.join(tmpdir(), prefix))
  const remove = () => rmSync(folder, { recursive: true, force: true })
  const onSignal = (signal: NodeJS.Signals) => {
    remove()
    // Not re-raised: a loader's own handler (tsx's) would swallow it and leave the bench hanging.
    process.exit(128 + constants.signals[signal])
  }
  for (const name of SIGNALS) process.on(name, onSignal)
  try {
    return await use(folder)
  } finally {
    for (const name of SIGNALS) process.off(name, onSignal)
    remove()
  }
}
