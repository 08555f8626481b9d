// The runner's fs/read_text_file and fs/write_text_file: served like an editor would, but
// confined to the case cwd and recorded, so a check can ask what the agent did.
import { readFile, realpath } from 'node:fs/promises'
import { sep } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import type { FileOutcome } from './case-schema.ts'
import { insideCwd, type CwdLedger } from './cwd-ledger.ts'
import type { FileOpRecord } from './trace.ts'

interface ClientFsOptions {
  ledger: CwdLedger
  /** Session ids this case created; requests for any other session are refused. */
  knownSession(sessionId: string): boolean
  /** What the case advertises; a request for anything else is refused (outcome `denied`). */
  advertised?: { readTextFile: boolean; writeTextFile: boolean }
  /** Unsaved editor buffers by cwd-relative path: a read answers these instead of the file. */
  buffers?: Record<string, string>
  record(op: Omit<FileOpRecord, 'seq'>): void
}

export function createClientFs(options: ClientFsOptions): ClientFs {
  return new ClientFs(options)
}

type Admitted = { relative: string; real: string; fail: (o: FileOutcome, e: acp.RequestError) => never }

/** Called with `fs.read(params)` from a request handler, so both methods are arrow properties. */
class ClientFs {
  private readonly cwd: string
  // A write saves the buffer away (as in an editor), so this copy changes; the case data does not.
  private readonly buffers: Record<string, string>

  constructor(private readonly options: ClientFsOptions) {
    this.cwd = options.ledger.root
    this.buffers = { ...options.buffers }
  }

  read = async (params: acp.ReadTextFileRequest): Promise<acp.ReadTextFileResponse> => {
    const { relative, real, fail } = await this.admit('read', params.sessionId, params.path)
    let text: string
    try {
      text = this.buffers[slashed(relative)] ?? (await readFile(real, 'utf8'))
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') return fail('missing', acp.RequestError.resourceNotFound(params.path))
      return fail(
        'error',
        acp.RequestError.internalError({ path: params.path }, `fs/read_text_file: ${(error as Error).message}`),
      )
    }
    this.options.record({ op: 'read', sessionId: params.sessionId, path: params.path, relative, outcome: 'ok' })
    return { content: sliceLines(text, params.line ?? undefined, params.limit ?? undefined) }
  }

  write = async (params: acp.WriteTextFileRequest): Promise<acp.WriteTextFileResponse> => {
    const { relative, fail } = await this.admit('write', params.sessionId, params.path)
    try {
      await this.options.ledger.write(relative, params.content)
      delete this.buffers[slashed(relative)]
    } catch (error) {
      return fail(
        'error',
        acp.RequestError.internalError({ path: params.path }, `fs/write_text_file: ${(error as Error).message}`),
      )
    }
    this.options.record({ op: 'write', sessionId: params.sessionId, path: params.path, relative, outcome: 'ok' })
    return {}
  }

  /** Validates the session and the path; returns the cwd-relative path and the real file. */
  private async admit(op: 'read' | 'write', sessionId: string, path: string): Promise<Admitted> {
    const failAt =
      (relative?: string, outside?: true) =>
      (outcome: FileOutcome, error: acp.RequestError): never => {
        this.options.record({
          op,
          sessionId,
          path,
          relative,
          outcome,
          message: error.message,
          ...(outside && { outside }),
        })
        throw error
      }
    const fail = failAt()
    const method = `fs/${op}_text_file`
    if (this.options.advertised && !this.options.advertised[op === 'read' ? 'readTextFile' : 'writeTextFile'])
      fail('denied', acp.RequestError.methodNotFound(`${method} (this case's client does not advertise it)`))
    if (!this.options.knownSession(sessionId))
      fail('error', acp.RequestError.invalidParams({ sessionId }, `${method}: unknown session "${sessionId}"`))
    // The agent may spell the cwd as given or by its real path (e.g. /private/var on macOS).
    const relative = insideCwd(this.cwd, path) ?? insideCwd(await realpath(this.cwd), path)
    if (relative === undefined) {
      const where = `${JSON.stringify(path)} is not an absolute path inside the session cwd ${this.cwd}`
      return failAt(undefined, true)('denied', acp.RequestError.invalidParams({ path }, `${method}: ${where}`))
    }
    const real = await this.options.ledger.resolveInside(relative)
    if (real === undefined) {
      const where = `${JSON.stringify(path)} leads outside the session cwd through a symlink`
      return failAt(relative, true)('denied', acp.RequestError.invalidParams({ path }, `${method}: ${where}`))
    }
    return { relative, real, fail: failAt(relative) }
  }
}

const slashed = (relative: string) => relative.split(sep).join('/')

/** `line` is 1-based; `limit` counts lines from there. */
function sliceLines(text: string, line?: number, limit?: number): string {
  if (line === undefined && limit === undefined) return text
  const lines = text.split('\n')
  const start = Math.max(0, (line ?? 1) - 1)
  return lines.slice(start, limit === undefined ? undefined : start + limit).join('\n')
}
