// A tiny ACP agent for the runner's own tests: it uses the client's file system (which dsh
// does not), and misbehaves on request. Plain JavaScript, so `node` starts it without a
// TypeScript loader (the runner's tests start it often). Flags (process level):
//   --exit-immediately   write a line to stderr and exit 3 before reading anything
//   --escaped-child      start a `sleep 60` outside the agent's process group (setsid)
// Prompt lines, run in order:
//   read <path> / write <path> <content…>   fs/read_text_file, fs/write_text_file (relative
//                                           paths are joined to the session cwd)
//   disk-write <path> <content…>            writes the file itself (as an agent's own tools do)
//   disk-delete <path>                      deletes the file itself
//   daemon <pid file>                       double-forks a `sleep 30` (it leaves the agent's process
//                                           tree and group) and writes the daemon's pid to the file
//   env <NAME> <file>                       writes the agent's $NAME to the file ('(unset)' when unset)
//   session-log                             writes $DSH_SESSIONS_ROOT/fake.jsonl, as dsh logs a session
//   misbehave wrong-session                 later updates of this prompt name another session
//   misbehave late-update                   one more update 30 ms after the response
//   hang                                    never answer, ignore cancel
//   anything else                           echoed as an agent_message_chunk
import { spawn } from 'node:child_process'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, isAbsolute, join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import * as acp from '@agentclientprotocol/sdk'

const flags = new Set(process.argv.slice(2))
if (flags.has('--exit-immediately')) {
  process.stderr.write('fake agent: refusing to start (--exit-immediately)\n')
  process.exit(3)
}
if (flags.has('--escaped-child')) spawn('sleep', ['60'], { detached: true, stdio: 'ignore' }).unref()

/** @type {Map<string, { cwd: string, cancelled: boolean }>} */
const sessions = new Map()
let hanging = false
let counter = 0

const app = acp
  .agent({ name: 'fake-agent' })
  .onRequest(acp.methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: {}, authMethods: [] }))
  .onRequest(acp.methods.agent.session.new, ({ params }) => {
    const sessionId = `fake-${++counter}`
    sessions.set(sessionId, { cwd: params.cwd, cancelled: false })
    return { sessionId }
  })
  .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
    const session = sessions.get(params.sessionId)
    if (session && !hanging) session.cancelled = true
  })
  .onRequest(acp.methods.agent.session.prompt, async ({ params, client }) => {
    const session = sessions.get(params.sessionId)
    if (!session)
      throw acp.RequestError.invalidParams({ sessionId: params.sessionId }, `unknown session ${params.sessionId}`)
    session.cancelled = false
    let named = params.sessionId
    let late = false
    const say = (text) =>
      client.notify(acp.methods.client.session.update, {
        sessionId: named,
        update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
      })
    const text = params.prompt.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
    for (const line of text.split('\n')) {
      const [word, path = '', ...rest] = line.split(' ')
      const absolute = isAbsolute(path) ? path : join(session.cwd, path)
      try {
        if (word === 'read') {
          const { content } = await client.request(acp.methods.client.fs.readTextFile, {
            sessionId: params.sessionId,
            path: absolute,
          })
          await say(`read ${path}: ok ${content}`)
        } else if (word === 'write') {
          await client.request(acp.methods.client.fs.writeTextFile, {
            sessionId: params.sessionId,
            path: absolute,
            content: rest.join(' '),
          })
          await say(`write ${path}: ok`)
        } else if (word === 'disk-write') {
          await mkdir(dirname(absolute), { recursive: true })
          await writeFile(absolute, rest.join(' '))
          await say(`disk-write ${path}: ok`)
        } else if (word === 'disk-delete') {
          await rm(absolute)
          await say(`disk-delete ${path}: ok`)
        } else if (word === 'env') {
          const file = rest[0] ?? ''
          await writeFile(isAbsolute(file) ? file : join(session.cwd, file), process.env[path] ?? '(unset)')
          await say(`env ${path}: ok`)
        } else if (line === 'session-log') {
          await writeFile(join(process.env.DSH_SESSIONS_ROOT ?? '', 'fake.jsonl'), '{}\n')
          await say('session-log: ok')
        } else if (word === 'daemon') {
          await writeFile(absolute, String(await startDaemon()))
          await say('daemon started')
        } else if (line === 'misbehave wrong-session') {
          named = `not-${params.sessionId}`
        } else if (line === 'misbehave late-update') {
          late = true
        } else if (line === 'hang') {
          hanging = true
          await new Promise(() => {})
        } else {
          await say(line)
        }
      } catch (error) {
        await say(`${word} ${path}: error ${error?.code}`)
      }
    }
    if (late)
      setTimeout(() => {
        void say('late')
      }, 30)
    return { stopReason: session.cancelled ? 'cancelled' : 'end_turn' }
  })

/** fork, setsid, fork: the middle process exits at once, so its child is reparented and leads its own session. */
async function startDaemon() {
  const daemonize = `const d = require('node:child_process').spawn('sleep', ['30'], { detached: true, stdio: 'ignore' })
    d.unref(); process.stdout.write(String(d.pid))`
  const middle = spawn(process.execPath, ['-e', daemonize], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  middle.stdout.on('data', (chunk) => {
    out += chunk
  })
  await new Promise((resolve) => middle.once('close', resolve))
  return Number(out)
}

const connection = app.connect(acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)))
await connection.closed
process.exit(0)
