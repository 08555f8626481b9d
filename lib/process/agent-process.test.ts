import { expect, it } from 'vitest'
import { AgentProcess } from './agent-process.ts'

it('keeps only a tail of stderr and no stdout copy when told, however much the agent writes', async () => {
  const script = 'process.stdout.write("x".repeat(1 << 20)); process.stderr.write("e".repeat(1 << 20) + "THE END")'
  const agent = new AgentProcess({
    command: process.execPath,
    args: ['-e', script],
    cwd: process.cwd(),
    env: { PATH: process.env.PATH },
    keepStdout: false,
    stderrTailBytes: 4096,
  })
  agent.input.pipeTo(new WritableStream()).catch(() => {})
  await agent.exited
  expect(agent.stdout()).toBe('')
  const stderr = agent.stderr()
  expect(stderr.endsWith('THE END')).toBe(true)
  expect(stderr.length).toBeGreaterThanOrEqual(4096)
  expect(stderr.length).toBeLessThanOrEqual(2 * 4096 + 65536)
})
