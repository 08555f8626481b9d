// A temp folder a bench part builds (a generated corpus), removed when the part ends, also when it
// fails, and when SIGINT / SIGTERM / SIGHUP ends the bench first (Ctrl-C): the handler removes it,
// then lets the signal end the process as it would have.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

export async function withTempFolder<T>(prefix: string, use: (folder: string) => Promise<T>): Promise<T> {
  const folder = mkdtempSync(path.join(tmpdir(), prefix))
  const remove = () => rmSync(folder, { recursive: true, force: true })
  const onSignal = (signal: NodeJS.Signals) => {
    remove()
    for (const name of SIGNALS) process.off(name, onSignal)
    process.kill(process.pid, signal)
  }
  for (const name of SIGNALS) process.on(name, onSignal)
  try {
    return await use(folder)
  } finally {
    for (const name of SIGNALS) process.off(name, onSignal)
    remove()
  }
}
