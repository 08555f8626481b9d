// `dsh new NAME --from-session`: real sessions of the real dsh process (the echo model over ACP)
// imported through the CLI, then replayed; and the refusals, each leaving nothing behind.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { scratchProject } from '../../snapshot/test-support/scratch-project.ts'
import { cleanupDshProcesses, openSession, scratch, startDsh } from '../test-support/dsh-process.ts'
import { runCli } from '../test-support/run-cli.ts'

const project = scratchProject('import')
cpSync(packageFile('scenarios', 'text-turn'), join(project.root, 'scenarios', 'text-turn'), { recursive: true })
afterAll(async () => {
  await cleanupDshProcesses()
  project.remove()
})

/** One real echo session in a fresh cwd; returns its cwd, sessions root and id. */
async function recordSession(files: Record<string, string>, prompts: string[]) {
  const { cwd, sessions } = scratch()
  for (const [path, text] of Object.entries(files)) writeFileSync(join(cwd, path), text)
  const dsh = startDsh(cwd, sessions)
  const sessionId = await openSession(dsh.rpc, cwd)
  for (const text of prompts)
    await dsh.rpc.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] })
  await dsh.agent.shutdown()
  return { cwd, sessions, sessionId }
}

/** Every file under `dir` (links not followed) with its bytes, by relative path. */
function treeBytes(dir: string): Record<string, string> {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true })
  return Object.fromEntries(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name)
        return [relative(dir, path), readFileSync(path, 'latin1')]
      }),
  )
}

const dsh = (sessions: string, ...argv: string[]) =>
  runCli([...argv, '--root', project.root], { env: { DSH_SESSIONS_ROOT: sessions } })

describe('dsh new --from-session', () => {
  it('imports a read-then-write session without --workspace, rebuilding the read file, and replays green', async () => {
    const { sessions, sessionId } = await recordSession({ 'notes.txt': 'version 1\n' }, [
      'tool read_file {"path":"notes.txt"}',
      'tool write_file {"path":"notes.txt","content":"version 2\\n"}',
    ])
    const listed = await runCli(['sessions', '--json'], { env: { DSH_SESSIONS_ROOT: sessions } })
    expect(JSON.parse(listed.stdout)).toMatchObject([
      { id: sessionId, turns: 2, title: expect.stringContaining('tool') },
    ])

    const source = join(sessions, `${sessionId}.jsonl`)
    const sourceBytes = readFileSync(source)
    const result = await dsh(sessions, 'new', 'notes-edit', '--from-session', sessionId.slice(0, 8))
    expect(readFileSync(source).equals(sourceBytes)).toBe(true)
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0)
    expect(result.stdout).toContain('replay: pass')
    const dir = join(project.root, 'scenarios', 'notes-edit')
    expect(readFileSync(join(dir, 'workspace', 'notes.txt'), 'utf8')).toBe('version 1\n')
    const manifest = readFileSync(join(dir, 'snapshot.yml'), 'utf8')
    expect(manifest).toContain('recording: imported\nmodels: [echo]\nimported:\n')
    expect(manifest).toContain(`session: "${sessionId}"`)
    // Same system prompt and tools as the default pin (text-turn): the import joins its class.
    expect(manifest).toContain('header:\n  class: default\n')
    const input = JSON.parse(readFileSync(join(dir, 'input.json'), 'utf8'))
    expect(input.permissions).toEqual(['allow_once'])
    expect(input.steps[2]).toMatchObject({ op: 'prompt', content: [{ type: 'text' }] })
    expect(readFileSync(join(dir, 'cordis.patch.yml'), 'utf8')).toContain('model: "echo"')
    const log = readFileSync(join(dir, 'session.jsonl'), 'utf8')
    expect(log.split('\n')[0]).toBe('{"type":"session","version":1,"id":"{{session:1}}","createdAt":0,"cwd":"{{cwd}}"}')
    expect(log).not.toMatch(/"seq"|"time"/)
    expect(existsSync(join(dir, 'stdout.golden.jsonl'))).toBe(true)
    expect((await dsh(sessions, 'test', 'notes-edit')).code).toBe(0)
  }, 60_000)

  it('imports a mode change and a cancel mid-stream at the point they happened, and replays green', async () => {
    const { cwd, sessions } = scratch()
    const agent = startDsh(cwd, sessions)
    const sessionId = await openSession(agent.rpc, cwd)
    await agent.rpc.request(acp.methods.agent.session.setMode, { sessionId, modeId: 'read-only' })
    const prompt = (text: string) =>
      agent.rpc.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] })
    const hanging = prompt('one two three\nsleep forever')
    await agent.feed.waitFor(sessionId, { type: 'assistant/chunk', count: 3 }, 10_000, 'three chunks')
    await agent.rpc.notify(acp.methods.agent.session.cancel, { sessionId })
    expect((await hanging).stopReason).toBe('cancelled')
    await prompt('after')
    await agent.agent.shutdown()

    const result = await dsh(sessions, 'new', 'cancelled-stream', '--from-session', sessionId)
    expect(result.code, result.stdout).toBe(0)
    const input = JSON.parse(readFileSync(join(project.root, 'scenarios', 'cancelled-stream', 'input.json'), 'utf8'))
    expect(input.steps.slice(2).map((step: { op: string }) => step.op)).toEqual([
      'setMode',
      'prompt',
      'waitFor',
      'cancel',
      'await',
      'prompt',
    ])
    expect(input.steps[4]).toEqual({ op: 'waitFor', event: 'assistant/chunk', session: 's1', count: 3 })
    // read-only offers other tools: a class of its own, sharing the default pin's system prompt.
    expect(readFileSync(join(project.root, 'scenarios', 'cancelled-stream', 'snapshot.yml'), 'utf8')).toContain(
      'header:\n  class: cancelled-stream\n  pin: true\n  systemPromptSource: text-turn\n',
    )
  }, 60_000)

  it('imports a session with subagents as session.<n>.jsonl in spawn order, and replays green', async () => {
    const task = (description: string, prompt: string) => `tool task ${JSON.stringify({ description, prompt })}`
    const { sessions, sessionId } = await recordSession({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n' }, [
      task('first', 'tool read_file {"path":"a.txt"}'),
      task('second', 'tool read_file {"path":"b.txt"}'),
    ])
    const childLogs = readdirSync(sessions).filter((file) => file !== `${sessionId}.jsonl`)
    expect(childLogs).toHaveLength(2)
    const child = await dsh(sessions, 'new', 'from-child', '--from-session', join(sessions, childLogs[0]!))
    expect(child).toMatchObject({ code: 2, stderr: expect.stringContaining('IMPORT_CHILD_SESSION') })
    expect(child.stderr).toContain(`of session ${sessionId}; import that session`)

    const sessionsBefore = treeBytes(sessions)
    const projectBefore = treeBytes(project.root)
    const result = await dsh(sessions, 'new', 'two-children', '--from-session', sessionId)
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0)
    // Nothing written outside the new folder, and the source logs (parent and children) unchanged.
    expect(treeBytes(sessions)).toEqual(sessionsBefore)
    const projectAfter = treeBytes(project.root)
    for (const path of Object.keys(projectAfter))
      if (path.startsWith('scenarios/two-children/')) delete projectAfter[path]
    expect(projectAfter).toEqual(projectBefore)
    expect(result.stdout).toContain('replay: pass')
    const dir = join(project.root, 'scenarios', 'two-children')
    const header = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8').split('\n')[0]!)
    expect(header('session.jsonl')).toMatchObject({ id: '{{session:1}}' })
    expect(header('session.1.jsonl')).toMatchObject({ parentSession: '{{session:1}}', spawn: { turn: 1 } })
    expect(header('session.2.jsonl')).toMatchObject({ parentSession: '{{session:1}}', spawn: { turn: 2 } })
    expect(readFileSync(join(dir, 'session.2.jsonl'), 'utf8')).toContain('b.txt')
    // Only the subagents read the files: rebuilt from their logs.
    expect(readFileSync(join(dir, 'workspace', 'a.txt'), 'utf8')).toBe('alpha\n')
    expect(readFileSync(join(dir, 'workspace', 'b.txt'), 'utf8')).toBe('beta\n')
    expect((await dsh(sessions, 'test', 'two-children')).code).toBe(0)
  }, 60_000)

  it('copies the cwd when a tool the log cannot see into ran, saying so, and replays green', async () => {
    const { sessions, sessionId, cwd } = await recordSession({ 'a.txt': 'alpha\n' }, ['tool list_dir {}'])
    const result = await dsh(sessions, 'new', 'listing', '--from-session', join(sessions, `${sessionId}.jsonl`))
    expect(result.code, result.stdout).toBe(0)
    expect(result.stdout).toContain(
      `note: list_dir ran (the log does not show what it read), so the workspace is the session's cwd ${cwd} as it ` +
        'is now',
    )
    expect(readFileSync(join(project.root, 'scenarios', 'listing', 'workspace', 'a.txt'), 'utf8')).toBe('alpha\n')
  }, 60_000)

  it('removes an import whose replay fails, so it can run again, unless --keep asks for the folder', async () => {
    const { sessions, sessionId } = await recordSession({ 'a.txt': 'alpha\n' }, ['tool list_dir {}'])
    const empty = join(project.root, 'empty-workspace')
    mkdirSync(empty)
    const failed = await dsh(sessions, 'new', 'listing-empty', '--from-session', sessionId, '--workspace', empty)
    // An empty workspace lists nothing: the live listing differs from the recorded one.
    expect(failed.code, failed.stdout).toBe(1)
    expect(failed.stdout).toMatch(/replay: FAIL; the first drift:\n[\s\S]*a\.txt/)
    expect(failed.stdout).toContain('scenarios/listing-empty was removed, so a fixed import can run again')
    expect(existsSync(join(project.root, 'scenarios', 'listing-empty'))).toBe(false)
    const kept = await dsh(
      sessions,
      'new',
      'listing-empty',
      '--from-session',
      sessionId,
      '--workspace',
      empty,
      '--keep',
    )
    expect(kept.code).toBe(1)
    expect(kept.stdout).toContain('scenarios/listing-empty is kept (--keep)')
    expect(existsSync(join(project.root, 'scenarios', 'listing-empty', 'snapshot.yml'))).toBe(true)
    rmSync(join(project.root, 'scenarios', 'listing-empty'), { recursive: true })
  }, 60_000)

  it('imports slash commands (/mode, /clear) as the prompts that ran them, and replays green', async () => {
    const { sessions, sessionId } = await recordSession({}, ['/mode read-only', 'first line', '/clear', 'second line'])
    const result = await dsh(sessions, 'new', 'slashed', '--from-session', sessionId)
    expect(result.code, result.stdout).toBe(0)
    const input = JSON.parse(readFileSync(join(project.root, 'scenarios', 'slashed', 'input.json'), 'utf8'))
    expect(input.steps.slice(2).map((step: { op: string; text?: string }) => step.text ?? step.op)).toEqual([
      '/mode read-only',
      'prompt',
      '/clear',
      'prompt',
    ])
  }, 60_000)
})

describe('dsh new --from-session refuses bad input', () => {
  const { sessions } = scratch()
  const write = (name: string, text: string) => {
    writeFileSync(join(sessions, name), text)
    return join(sessions, name)
  }
  const header = (id: string, cwd = project.root) =>
    `{"type":"session","version":1,"id":"${id}","createdAt":1,"cwd":"${cwd}"}\n`
  const before = () => readdirSync(join(project.root, 'scenarios')).sort()

  it('names unknown and ambiguous ids (exit 2), listing the matches', async () => {
    write('abc-1.jsonl', header('abc-1'))
    write('abc-2.jsonl', header('abc-2'))
    const unknown = await dsh(sessions, 'new', 'x', '--from-session', 'zzz')
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining('IMPORT_UNKNOWN_SESSION') })
    const ambiguous = await dsh(sessions, 'new', 'x', '--from-session', 'abc')
    expect(ambiguous.code).toBe(2)
    expect(ambiguous.stderr).toContain('IMPORT_AMBIGUOUS_SESSION')
    expect(ambiguous.stderr).toContain('abc-1, abc-2')
  })

  it('refuses a torn log, another version and a cwd that is gone, writing nothing', async () => {
    const scenarios = before()
    const torn = write('torn.jsonl', `${header('torn')}{"seq":1,"time":1,"type":"turn/st`)
    const tornText = readFileSync(torn, 'utf8')
    const cases: Array<[string, string]> = [
      [torn, 'IMPORT_TORN_LOG'],
      [write('v2.jsonl', header('v2').replace('"version":1', '"version":2')), 'IMPORT_LOG_VERSION'],
      [write('gone.jsonl', header('gone', join(project.root, 'no-such-folder'))), 'IMPORT_CWD_GONE'],
    ]
    for (const [file, code] of cases) {
      const result = await dsh(sessions, 'new', 'refused', '--from-session', file)
      expect(result.code, result.stderr).toBe(1)
      expect(result.stderr).toContain(code)
    }
    expect(before()).toEqual(scenarios)
    expect(readFileSync(torn, 'utf8')).toBe(tornText)
  })

  it('refuses an existing scenario (exit 2), a workspace that is no folder or has a symlink out of it', async () => {
    const log = write('ok.jsonl', header('ok'))
    expect(await dsh(sessions, 'new', 'text-turn', '--from-session', log)).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('scenarios/text-turn already exists; pick another name'),
    })
    const notAFolder = await dsh(sessions, 'new', 'nowhere', '--from-session', log, '--workspace', log)
    expect(notAFolder).toMatchObject({ code: 1, stderr: expect.stringContaining('IMPORT_WORKSPACE: --workspace') })
    expect(existsSync(join(project.root, 'scenarios', 'nowhere'))).toBe(false)
    const workspace = join(project.root, 'ws')
    mkdirSync(workspace)
    const { symlinkSync } = await import('node:fs')
    symlinkSync('/etc/passwd', join(workspace, 'passwd'))
    const result = await dsh(sessions, 'new', 'linked', '--from-session', log, '--workspace', workspace)
    expect(result.stderr).toContain('IMPORT_WORKSPACE_SYMLINK')
    expect(result.stderr).toContain('passwd -> /etc/passwd')
    expect(existsSync(join(project.root, 'scenarios', 'linked'))).toBe(false)
  })

  it('refuses an unknown redaction rule in dsh.config.yml by name, writing nothing', async () => {
    const log = write('rules.jsonl', header('rules'))
    writeFileSync(join(project.root, 'dsh.config.yml'), 'redact:\n  - { rule: e-mail, token: x }\n')
    try {
      const result = await dsh(sessions, 'new', 'ruled', '--from-session', log)
      expect(result.code).toBe(1)
      expect(result.stderr).toContain('IMPORT_PROJECT_CONFIG: dsh.config.yml: redact[0].rule:')
      expect(result.stderr).toContain('redact[0].rule: "e-mail" is not a secret-scan rule; did you mean "email"?')
      expect(existsSync(join(project.root, 'scenarios', 'ruled'))).toBe(false)
    } finally {
      rmSync(join(project.root, 'dsh.config.yml'))
    }
  })

  it('refuses a session holding a secret, naming file, line and rule, and writes nothing', async () => {
    const key = ['sk', 'abcdefghijklmnopqrstuvwxyz0123'].join('-')
    const event = (seq: number, type: string, data: object) => `${JSON.stringify({ seq, time: 1, type, data })}\n`
    const log = write(
      'secret.jsonl',
      header('secret') +
        event(1, 'user/message', { turn: 1, messageId: 'm1', content: [{ type: 'text', text: `use ${key}` }] }) +
        event(2, 'turn/start', { turn: 1 }) +
        event(3, 'turn/end', { turn: 1, reason: 'end_turn' }),
    )
    const result = await dsh(sessions, 'new', 'leaky', '--from-session', log)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('IMPORT_SECRET')
    expect(result.stderr).toMatch(/session\.jsonl:2:\d+ api-key/)
    expect(result.stderr).not.toContain(key)
    expect(existsSync(join(project.root, 'scenarios', 'leaky'))).toBe(false)
  })
})
