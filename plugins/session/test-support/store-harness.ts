// A sessions store on a fresh temporary root per test, for the store's own tests.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Context } from 'cordis'
import { afterEach, beforeEach } from 'vitest'
import { SessionStore, type SessionStoreConfig } from '../index.ts'

export interface StoreHarness {
  /** This test's sessions root (removed after it). */
  root: string
  /** The running store's context, if any; a test may set its own (it is disposed after the test). */
  ctx: Context | undefined
  /** A fresh Context with the store; `clock` ticks 1000, 1001, … so times are checkable. */
  start(config?: SessionStoreConfig): Promise<SessionStore>
  /** Stops the running store (closing its logs) and starts a new one on the same root. */
  restart(config?: SessionStoreConfig): Promise<SessionStore>
  /** Stops the running store, as a killed or stopped process would leave its files. */
  stop(): Promise<void>
}

/** Registers the per-test root and the store's disposal; call once at the top of a test file. */
export function useStoreHarness(): StoreHarness {
  const h: StoreHarness = {
    root: '',
    ctx: undefined,
    async start(config = {}) {
      let now = 1000
      h.ctx = new Context()
      await h.ctx.plugin(SessionStore, { root: h.root, clock: () => now++, ...config })
      return h.ctx.sessions
    },
    async restart(config = {}) {
      await h.stop()
      return h.start(config)
    },
    async stop() {
      await h.ctx?.fiber.dispose()
      h.ctx = undefined
    },
  }
  beforeEach(() => {
    h.root = mkdtempSync(join(tmpdir(), 'dsh-sessions-'))
  })
  afterEach(async () => {
    await h.stop()
    rmSync(h.root, { recursive: true, force: true })
  })
  return h
}

/** The non-empty lines of a log file. */
export function fileLines(path: string): string[] {
  return readFileSync(path, 'utf8').split('\n').filter(Boolean)
}
