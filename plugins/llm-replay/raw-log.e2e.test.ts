// End to end, as a user would: a live `dsh` (echo model) in <REC> reads <REC>/notes.txt by
// absolute path and runs `pwd`; its raw session log then replays with `--patch cordis.snapshot.yml`
// in <REP>, a symlinked temp dir, and the client sees the same transcript modulo the cwd.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import * as acp from '@agentclientprotocol/sdk'
import { afterAll, expect, it } from 'vitest'

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const base = mkdtempSync(join(tmpdir(), 'dsh-raw-e2e-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))

interface Run {
  /** Every `session/update` and prompt response the client received, in order. */
  transcript: unknown[]
  stderr: string
  exit: number | null
}

/** Start `dsh` in `cwd`, open one session there, send the prompts, close stdin, wait for the exit. */
async function runDsh(cwd: string, patches: string[], env: Record<string, string>, prompts: string[]): Promise<Run> {
  const args = [join(repoRoot, 'bin', 'dsh.js'), '--config', join(repoRoot, 'cordis.yml')]
  for (const patch of patches) args.push('--patch', join(repoRoot, patch))
  const child = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH, ...env }, stdio: 'pipe' })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
  const transcript: unknown[] = []
  const connection = acp
    .client({ name: 'raw-log-e2e' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      transcript.push(params)
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => ({
      outcome: { outcome: 'selected', optionId: params.options.find((o) => o.kind === 'allow_once')!.optionId },
    }))
    .connect(
      acp.ndJsonStream(
        Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
        Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
      ),
    )
  const rpc = connection.agent
  await rpc.request(acp.methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} })
  const { sessionId } = await rpc.request(acp.methods.agent.session.new, { cwd, mcpServers: [] })
  for (const text of prompts) {
    transcript.push(
      await rpc.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text }] }),
    )
  }
  child.stdin.end()
  const exit = await exited
  connection.close()
  return {
    transcript: JSON.parse(withMessageTokens(JSON.stringify(transcript).split(sessionId).join('<session>'))),
    stderr,
    exit,
  }
}

/** Message ids are drawn fresh in each run (ACP messageId): numbered by first appearance, as goldens do. */
function withMessageTokens(text: string): string {
  const seen = new Map<string, string>()
  return text.replace(/"messageId":"([^"]+)"/g, (_, id: string) => {
    if (!seen.has(id)) seen.set(id, `<message:${seen.size + 1}>`)
    return `"messageId":"${seen.get(id)}"`
  })
}

/** The transcript with every spelling of `cwd` (JSON text, so JSON-escaped) written as <CWD>. */
function modCwd(run: Run, cwd: string): string {
  const text = JSON.stringify(run.transcript, null, 1)
  return [realpathSync(cwd), cwd]
    .sort((a, b) => b.length - a.length)
    .reduce((out, path) => out.split(JSON.stringify(path).slice(1, -1)).join('<CWD>'), text)
}

const prompts = (cwd: string) => [
  `I will read ${cwd}/notes.txt for you.\ntool read_file {"path":"${cwd}/notes.txt"}`,
  'tool bash {"command":"pwd"}',
]

it('a raw log recorded in <REC> replays in a symlinked <REP> with the same transcript modulo the cwd', async () => {
  const rec = join(base, 'rec')
  const repReal = join(base, 'rep-real')
  const rep = join(base, 'rep')
  for (const dir of [rec, repReal, join(base, 'live-sessions'), join(base, 'replay-sessions')]) mkdirSync(dir)
  symlinkSync(repReal, rep)
  writeFileSync(join(rec, 'notes.txt'), 'remember the milk\n')
  writeFileSync(join(repReal, 'notes.txt'), 'remember the milk\n')

  const live = await runDsh(rec, ['overlays/echo.cordis.yml'], { DSH_SESSIONS_ROOT: join(base, 'live-sessions') }, [
    ...prompts(rec),
  ])
  expect(live.exit).toBe(0)
  const [log] = readdirSync(join(base, 'live-sessions'))
  if (!log) throw new Error('the live run wrote no session log')
  const logFile = join(base, 'live-sessions', log)
  expect(JSON.stringify(live.transcript)).toContain(`${rec}/notes.txt`)
  expect(JSON.stringify(live.transcript)).toContain('remember the milk')

  const replay = await runDsh(
    rep,
    ['cordis.snapshot.yml'],
    { DSH_SESSIONS_ROOT: join(base, 'replay-sessions'), DSH_SNAPSHOT_FILE: logFile },
    prompts(rep),
  )
  expect(replay.stderr).not.toContain('llm-replay:')
  expect(replay.exit).toBe(0)
  expect(JSON.stringify(replay.transcript)).toContain(`${rep}/notes.txt`)
  expect(JSON.stringify(replay.transcript)).not.toContain(rec)
  expect(modCwd(replay, rep)).toBe(modCwd(live, rec))
})
