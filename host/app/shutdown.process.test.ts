// Real subprocess: `dsh serve` must let every async disposer finish before the process exits.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, test } from 'vitest'
import { packageRoot } from '../../lib/package-root.ts'

const repo = packageRoot
const fixture = path.join(repo, 'host/app/test-support/shutdown.yml')

interface Served {
  child: ChildProcess
  dir: string
  readyFile: string
  disposedFile: string
  /** What dsh has written to stderr so far. */
  stderr(): string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; stdout: string }>
}

const started: Served[] = []
// A test that failed early may leave dsh running: kill it before removing its folder.
afterEach(async () => {
  for (const served of started.splice(0)) {
    if (served.child.exitCode === null && served.child.signalCode === null) served.child.kill('SIGKILL')
    await served.exited
    rmSync(served.dir, { recursive: true, force: true })
  }
})

function serve(delayMs: number, args: string[] = ['serve', '--config', fixture]): Served {
  const dir = mkdtempSync(path.join(tmpdir(), 'dsh-shutdown-'))
  const readyFile = path.join(dir, 'ready')
  const disposedFile = path.join(dir, 'disposed')
  const child = spawn(process.execPath, ['bin/dsh.js', ...args], {
    cwd: repo,
    env: {
      PATH: process.env.PATH,
      DSH_TEST_READY_FILE: readyFile,
      DSH_TEST_DISPOSED_FILE: disposedFile,
      DSH_TEST_DELAY_MS: String(delayMs),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stderr = ''
  let stdout = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk
  })
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; stdout: string }>(
    (resolve) => {
      child.on('exit', (code, signal) => resolve({ code, signal, stderr, stdout }))
    },
  )
  const served = { child, dir, readyFile, disposedFile, stderr: () => stderr, exited }
  started.push(served)
  return served
}

/** Poll until `done()`; fail fast (with dsh's stderr) if the process exits first or 15 s pass. */
async function waitUntil(done: () => boolean, what: string, served: Served): Promise<void> {
  let exited = false
  served.exited.then(() => {
    exited = true
  })
  const deadline = Date.now() + 15_000
  while (!done()) {
    if (exited || Date.now() > deadline) {
      served.child.kill('SIGKILL')
      throw new Error(`dsh did not ${what}: ${(await served.exited).stderr}`)
    }
    await sleep(25)
  }
}

const booted = (served: Served) => waitUntil(() => existsSync(served.readyFile), 'boot', served)

describe('dsh serve graceful shutdown (subprocess)', () => {
  test('stdin EOF: the async disposer completes, then exit 0', async () => {
    const served = serve(400)
    await booted(served)
    served.child.stdin!.end()
    const result = await served.exited
    expect(result).toMatchObject({ code: 0, signal: null, stdout: '' })
    expect(readFileSync(served.disposedFile, 'utf8')).toBe('disposed after 400ms\n')
    // A plugin's console.log went to stderr: stdout is reserved for protocol bytes.
    expect(result.stderr).toContain('test-slow-dispose: applied\n')
  })

  test('SIGTERM: the async disposer completes, then exit 0', async () => {
    const served = serve(400)
    await booted(served)
    served.child.kill('SIGTERM')
    const result = await served.exited
    expect(result).toMatchObject({ code: 0, signal: null, stdout: '' })
    expect(readFileSync(served.disposedFile, 'utf8')).toBe('disposed after 400ms\n')
    expect(result.stderr).toContain('dsh: SIGTERM; disposing plugins')
  })

  test('a second SIGTERM forces exit 143 without waiting for the disposer', async () => {
    const served = serve(10_000)
    await booted(served)
    served.child.kill('SIGTERM')
    // The second signal only once dsh has handled the first: two sent together may arrive as one.
    await waitUntil(() => served.stderr().includes('disposing plugins'), 'handle the first SIGTERM', served)
    served.child.kill('SIGTERM')
    const result = await served.exited
    expect(result.code).toBe(143)
    expect(existsSync(served.disposedFile)).toBe(false)
  })

  test('a boot failure exits 1 with the reason on stderr', async () => {
    // A file that is not a composition (a missing one is a usage error, exit 2: exit-codes.test.ts).
    const served = serve(0, ['serve', '--config', path.join(repo, 'package.json')])
    const result = await served.exited
    expect(result.code).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr).toMatch(/^dsh: .*package\.json: expected a YAML list of entries/)
  })
})
