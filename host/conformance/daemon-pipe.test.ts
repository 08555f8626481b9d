// issue 28, item 9: an agent that double-forks a daemon holding its stdout. The runner waits for
// the agent's exit (not for its pipes to close), reports the daemon holding the pipe as such,
// kills it when its case marker finds it, and goes on (processesGone) even when it cannot.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, expect, it } from 'vitest'
import { AgentProcess } from '../../lib/process/agent-process.ts'
import { CASE_MARKER_VAR, newCaseMarker } from './case-marker.ts'
import { stopAgent } from './cleanup.ts'
import { liveRefs } from './descendants.ts'

const dir = mkdtempSync(join(tmpdir(), 'dsh-daemon-pipe-'))
const daemons: number[] = []
afterEach(() => {
  for (const pid of daemons.splice(0)) if (liveRefs([pid]).length) process.kill(pid, 'SIGKILL')
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** An "agent" whose daemon keeps its stdout (no redirect) and leaves its group; it exits at stdin EOF. */
async function agentWithDaemon(name: string, scrub: boolean) {
  const pidFile = join(dir, `${name}.pid`)
  const daemon = `${scrub ? 'env -i ' : ''}setsid sh -c 'echo $$ > ${pidFile}; exec sleep 30'`
  const marker = newCaseMarker(name)
  const agent = new AgentProcess({
    command: 'sh',
    args: ['-c', `( ${daemon} & ); while [ ! -s ${pidFile} ]; do sleep 0.01; done; exec cat >/dev/null`],
    cwd: dir,
    env: { PATH: process.env.PATH, [CASE_MARKER_VAR]: marker },
    shutdownPhaseMs: 1000,
  })
  await agent.spawned
  const pid = async () => {
    for (;;) {
      const text = readFileSync(pidFile, { encoding: 'utf8', flag: 'a+' })
      if (text.endsWith('\n')) return Number(text)
      await new Promise((r) => setTimeout(r, 10))
    }
  }
  const daemonPid = await pid()
  daemons.push(daemonPid)
  return { agent, marker, daemonPid }
}

it('reports the daemon holding the pipe, kills it by its marker, and counts the agent as stopped', async () => {
  const { agent, marker, daemonPid } = await agentWithDaemon('marked', false)
  const before = Date.now()
  const report = await stopAgent(agent, { descendants: [], marker }, 1000)
  expect(report).toMatchObject({ processesGone: true, via: 'eof' })
  expect(report.problems).toEqual([
    expect.stringMatching(`^the agent left 1 process running .*pid ${daemonPid} \\(sleep 30\\)`),
    expect.stringMatching(/^the agent exited, but its stdout or stderr stayed open: .*among the leftovers above/),
  ])
  expect(liveRefs([daemonPid])).toEqual([])
  expect(Date.now() - before).toBeLessThan(3_000)
})

it('goes on when the daemon scrubbed its environment, saying it cannot be found', async () => {
  const { agent, marker, daemonPid } = await agentWithDaemon('scrubbed', true)
  const report = await stopAgent(agent, { descendants: [], marker }, 1000)
  expect(report).toMatchObject({ processesGone: true, via: 'eof' })
  expect(report.problems).toEqual([expect.stringMatching(/stayed open: .*the runner cannot find it/)])
  // The documented exception: it survives the case (afterEach kills it).
  expect(liveRefs([daemonPid])).toHaveLength(1)
})
