// dsh at a real terminal (a pseudo-terminal from util-linux `script`): `dsh test` names each
// scenario once (the progress lines, no table again), and `dsh review` takes a single key without
// Enter, where "A" accepts every pending file of the scenario at once.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { scratchProject } from '../../snapshot/test-support/scratch-project.ts'

const project = scratchProject('terminal')
afterAll(() => project.remove())
for (const name of ['text-turn', 'reasoning-turn'])
  cpSync(packageFile('scenarios', name), join(project.root, 'scenarios', name), { recursive: true })
// The scenarios' ../../schemas/ references resolve, so dsh test has no warning to name them in.
cpSync(packageFile('schemas'), join(project.root, 'schemas'), { recursive: true })

/** Runs `dsh ARGS` on a pseudo-terminal; `keys` are typed (no Enter) each time `prompt` shows. */
function onTerminal(args: string, keys: string[] = [], prompt = '[q]uit? ') {
  const command = `node ${packageFile('bin', 'dsh.js')} ${args}`
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd: project.root,
    env: { ...process.env, SHELL: '/bin/sh', NO_COLOR: '1' },
  })
  let output = ''
  let prompts = 0
  child.stdout.on('data', (data: Buffer) => {
    output += data.toString('utf8')
    while (output.split(prompt).length - 1 > prompts && keys.length) {
      prompts++
      child.stdin.write(keys.shift()!)
    }
  })
  // A dsh that waits for an Enter it will never get is stopped, and the test shows what it printed.
  const stuck = setTimeout(() => child.kill('SIGKILL'), 15_000)
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    child.on('error', (error) => reject(new Error(`util-linux script is needed for this test: ${error.message}`)))
    child.on('close', (code) => {
      clearTimeout(stuck)
      resolve({ code, output: output.replaceAll('\r\n', '\n') })
    })
  })
}

describe('at a terminal', () => {
  it('dsh test names each scenario once', async () => {
    const { code, output } = await onTerminal('test text-turn reasoning-turn')
    expect(code, output).toBe(0)
    expect(output.match(/text-turn/g)).toHaveLength(1)
    expect(output.match(/reasoning-turn/g)).toHaveLength(1)
    expect(output).toMatch(/\[2\/2\] pass {2}\S+ .*\n2 passed, 0 failed\n/)
  })

  it('dsh review takes one key, no Enter; A accepts the whole scenario', async () => {
    const dir = join(project.root, 'scenarios', 'text-turn')
    writeFileSync(join(dir, 'stdout.golden.jsonl.new'), 'proposed golden\n')
    writeFileSync(join(dir, 'session.jsonl.new'), 'proposed log\n')
    const { code, output } = await onTerminal('review', ['A'])
    expect(code, output).toBe(0)
    expect(output).toContain('scenario text-turn: 2 pending files (session.jsonl, stdout.golden.jsonl)')
    expect(output.match(/\[q\]uit\? /g)).toHaveLength(1)
    expect(output).toContain('2 accepted, 0 rejected, 0 still pending')
    expect(readFileSync(join(dir, 'session.jsonl'), 'utf8')).toBe('proposed log\n')
    expect(existsSync(join(dir, 'stdout.golden.jsonl.new'))).toBe(false)
  })
})
