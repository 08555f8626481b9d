// The lifeline against a real SIGKILL: a parent that dies without any chance to clean up still
// takes the watched group with it.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { expect, it } from 'vitest'
import { lifelineShellArgs } from './lifeline.ts'
import { waitGroupGone } from './liveness.ts'

const PARENT = `
const { spawn } = require('node:child_process')
const stdio = ['ignore', 'ignore', 'ignore', 'pipe']
const child = spawn('/bin/sh', JSON.parse(process.argv[1]), { detached: true, stdio })
child.on('spawn', () => process.stdout.write(child.pid + '\\n'))
`

it('kills the watched group when the parent is SIGKILLed', async () => {
  const parent = spawn(process.execPath, ['-e', PARENT, JSON.stringify(lifelineShellArgs('sleep', ['300']))], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [line] = (await once(parent.stdout!, 'data')) as [Buffer]
  const group = Number(line.toString().trim())
  expect(await waitGroupGone(group, { timeoutMs: 300 })).toBe(false)
  parent.kill('SIGKILL')
  expect(await waitGroupGone(group, { timeoutMs: 5_000 })).toBe(true)
})
