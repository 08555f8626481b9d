// The editor's fs/read_text_file and fs/write_text_file, one for every client dsh plays (the
// snapshot driver, the conformance runner, dsh prompt and chat): confined to the session cwd
// (symlinks included), only for advertised methods and sessions the client opened, unsaved
// buffers answered before the disk, `line`/`limit` honoured. Each request's outcome goes to the
// `record` hook.
import { mkdir, readFile, realpath, writeFile } from 'node:fs/promises'
import { dirname, join, sep } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { sliceLines } from './lines.ts'
import { unknownSessionError } from './opened-sessions.ts'
import { insideCwd, resolveInside } from './resolve-inside.ts'

type FileOutcome = 'ok' | 'denied' | 'missing' | 'error'

/** One fs request and how it ended. */
export interface FileOp {
  op: 'read' | 'write'
  sessionId: string
  /** The path the agent sent. */
  path: string
  /** Relative to the session cwd when it is inside it. */
  relative?: string
  outcome: FileOutcome
  message?: string
  /** The path is outside the session cwd, or leads out of it through a symlink (refused). */
  outside?: true
  /** The request names a session the client never opened (refused). */
  unknownSession?: true
}

interface EditorFsOptions {
  cwd: string
  /** What the client advertises; a request for anything else is refused (`denied`). Omitted: both. */
  advertised?: { readTextFile: boolean; writeTextFile: boolean }
  /** Whether the client opened this session; a request naming any other is refused. */
  knownSession(sessionId: string): boolean
  /** Unsaved editor buffers by cwd-relative path: a read answers these instead of the file. */
  buffers?: Record<string, string>
  /** Where files are saved (default: under the cwd, folders created; symlinks out refused). */
  store?: EditorStore
  /** The hook for recording: every request's outcome, refusals included. */
  record?(op: FileOp): void
}

/** Where files are saved and how a path's real file is found, when not plainly under the cwd. */
export interface EditorStore {
  /** The real file of a cwd-relative path, undefined when it leads out of the cwd. */
  resolveInside(relative: string): Promise<string | undefined>
  write(relative: string, content: string): Promise<void>
}

type Admitted = { relative: string; real: string; fail: (o: FileOutcome, e: acp.RequestError) => never }

/** Called as `fs.read(params)` from a request handler, so both methods are arrow properties. */
export class EditorFs {
  // A write saves the buffer away (as in an editor), so this copy changes; the caller's does not.
  private readonly buffers: Record<string, string>

  constructor(private readonly options: EditorFsOptions) {
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
    this.options.record?.({ op: 'read', sessionId: params.sessionId, path: params.path, relative, outcome: 'ok' })
    return { content: sliceLines(text, params.line ?? undefined, params.limit ?? undefined) }
  }

  write = async (params: acp.WriteTextFileRequest): Promise<acp.WriteTextFileResponse> => {
    const { relative, fail } = await this.admit('write', params.sessionId, params.path)
    try {
      await (this.options.store?.write(relative, params.content) ?? this.writeUnderCwd(relative, params.content))
      delete this.buffers[slashed(relative)]
    } catch (error) {
      return fail(
        'error',
        acp.RequestError.internalError({ path: params.path }, `fs/write_text_file: ${(error as Error).message}`),
      )
    }
    this.options.record?.({ op: 'write', sessionId: params.sessionId, path: params.path, relative, outcome: 'ok' })
    return {}
  }

  private writeUnderCwd = async (relative: string, content: string): Promise<void> => {
    const file = join(this.options.cwd, relative)
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, content)
  }

  /** Validates the method, the session and the path; returns the cwd-relative path and the real file. */
  private async admit(op: 'read' | 'write', sessionId: string, path: string): Promise<Admitted> {
    const failAt =
      (relative?: string, outside?: true, unknownSession?: true) =>
      (outcome: FileOutcome, error: acp.RequestError): never => {
        this.options.record?.({
          op,
          sessionId,
          path,
          relative,
          outcome,
          message: error.message,
          ...(outside && { outside }),
          ...(unknownSession && { unknownSession }),
        })
        throw error
      }
    const fail = failAt()
    const method = `fs/${op}_text_file`
    const { advertised, knownSession, cwd } = this.options
    if (advertised && !advertised[op === 'read' ? 'readTextFile' : 'writeTextFile'])
      fail('denied', acp.RequestError.methodNotFound(`${method} (this client does not advertise it)`))
    if (!knownSession(sessionId)) failAt(undefined, undefined, true)('error', unknownSessionError(method, sessionId))
    // The agent may spell the cwd as given or by its real path (e.g. /private/var on macOS).
    const relative = insideCwd(cwd, path) ?? insideCwd(await realpath(cwd), path)
    if (relative === undefined) {
      const where = `${JSON.stringify(path)} is not an absolute path inside the session cwd ${cwd}`
      return failAt(undefined, true)('denied', acp.RequestError.invalidParams({ path }, `${method}: ${where}`))
    }
    const real = await (this.options.store?.resolveInside(relative) ?? resolveInside(cwd, relative))
    if (real === undefined) {
      const where = `${JSON.stringify(path)} leads outside the session cwd through a symlink`
      return failAt(relative, true)('denied', acp.RequestError.invalidParams({ path }, `${method}: ${where}`))
    }
    return { relative, real, fail: failAt(relative) }
  }
}

const slashed = (relative: string) => relative.split(sep).join('/')
