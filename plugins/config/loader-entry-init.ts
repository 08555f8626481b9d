import { Entry } from '@cordisjs/plugin-loader'

const PATCHED = Symbol.for('dsh.config.entry-init-patched')

interface EntryInternals {
  _initTask?: Promise<void>
  _init(): Promise<void>
  fiber?: { await(): Promise<unknown> }
  loader: { getTasks(): unknown[] }
  ctx: { reflect: { notify(names: string[]): void } }
}

/**
 * Work around @cordisjs/plugin-loader 1.0.0-rc.0: `Entry.init` ends with
 * `this.fiber?.await().finally(...)` and no catch, so a plugin whose apply or Config validation
 * fails leaves an unhandled rejection (fatal in Node, a failed run under vitest) although the
 * error was already emitted as `internal/error`. This is the same method with the rejection
 * handled; everything else is unchanged. Idempotent.
 */
export function patchLoaderEntryInit(): void {
  const proto = Entry.prototype as unknown as Record<PropertyKey, unknown>
  if (proto[PATCHED]) return
  proto[PATCHED] = true
  proto.init = async function init(this: EntryInternals): Promise<void> {
    try {
      await (this._initTask ??= this._init())
    } finally {
      this._initTask = undefined
    }
    this.fiber
      ?.await()
      .catch(() => {
        /* already reported as internal/error */
      })
      .finally(() => {
        if (this.loader.getTasks().length) return
        this.ctx.reflect.notify(['loader'])
      })
  }
}
