// issue 28, item 9: processes a bash call starts that leave its process group (setsid, a
// double-forked daemon, one that keeps holding the output pipe) are found by the call's marker
// and ended before the call returns, in bounded time.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createBashTool } from './bash.ts'
import { ToolsConfig } from './config.ts'
import { isRunning, makeWorkspace, type Workspace } from './test-support/workspace.ts'

let workspace: Workspace
const started: number[] = []
beforeEach(async () => {
  workspace = await makeWorkspace()
})
afterEach(async () => {
  for (const pid of started.splice(0)) if (isRunning(pid)) process.kill(pid, 'SIGKILL')
  await workspace.cleanup()
})

const pidIn = (file: string) => Number(readFileSync(path.join(workspace.cwd, file), 'utf8'))

it('kills setsid and double-forked escapees, also one holding the output pipe, before returning', async () => {
  const bash = createBashTool(ToolsConfig.parse({ bash: { killGraceMs: 500 } }).bash)
  const command = [
    // Its own session, output redirected: out of the group and off the pipe.
    `setsid sh -c 'echo $$ > setsid.pid; exec sleep 60' >/dev/null 2>&1 </dev/null &`,
    // Double fork: the middle process exits, the daemon is reparented to PID 1, in a new session.
    `( setsid sh -c 'echo $$ > daemon.pid; exec sleep 61' >/dev/null 2>&1 </dev/null & ) &`,
    // Its own session, still holding the output pipe: the call would wait for it.
    `setsid sh -c 'echo $$ > holder.pid; trap "" TERM; exec sleep 62' &`,
    // Each writes its pid once it has its own session: wait for all three (a loaded machine is slow).
    'until [ -s setsid.pid ] && [ -s daemon.pid ] && [ -s holder.pid ]; do sleep 0.01; done; echo started',
  ].join('\n')
  const before = Date.now()
  const result = await bash.run({ command }, workspace.context())
  const took = Date.now() - before
  const escapees = ['setsid', 'daemon', 'holder']
  const pids = escapees.map((name) => pidIn(`${name}.pid`))
  started.push(...pids)
  expect(result).toMatchObject({ output: 'started\n', isError: false })
  expect(escapees.filter((_, index) => isRunning(pids[index]!))).toEqual([])
  // The grace period (500 ms) plus polling: never the 1 s give-up or a 60 s sleep.
  expect(took).toBeLessThan(5_000)
})
