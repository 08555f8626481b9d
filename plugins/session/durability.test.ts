// A real process appends and is SIGKILLed: every append that returned must be on disk, whole.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseSessionLog } from './log-format.ts'

const CHILD = fileURLToPath(new URL('./testing/append-child.mjs', import.meta.url))

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'dsh-durable-'))
})
afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

/**
 * Run the child until `stop(lastSeqReported, output)` says so, then SIGKILL it; resolves with the last seq it reported.
 */
function runAndKill(mode: string, stop: (lastSeq: number, output: string) => boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, root, mode], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    let stderr = ''
    let lastSeq = 0
    let killed = false
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text
      const seqs = [...output.matchAll(/^seq (\d+)$/gm)]
      const last = seqs.at(-1)
      if (last) lastSeq = Number(last[1])
      if (!killed && stop(lastSeq, output)) {
        killed = true
        child.kill('SIGKILL')
      }
    })
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL' && killed) resolve(lastSeq)
      else reject(new Error(`append-child exited early (code ${code}, signal ${signal}): ${stderr}`))
    })
  })
}

/** Seqs on disk. A torn final line is tolerated: it can only be an append that had not returned. */
function persistedSeqs(): number[] {
  const path = join(root, 'durable.jsonl')
  return parseSessionLog(readFileSync(path, 'utf8'), path, { live: true, allowTornTail: true }).events.map(
    (event) => event.seq,
  )
}

describe('durability against kill -9', () => {
  it('keeps exactly the N events appended before the kill', async () => {
    await runAndKill('200', (_, output) => output.includes('done\n'))
    const path = join(root, 'durable.jsonl')
    // Killed while idle: strictly 201 complete lines, nothing torn.
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(202)
    expect(persistedSeqs()).toEqual(Array.from({ length: 200 }, (_, index) => index + 1))
  })

  it('keeps every event whose append returned when killed mid-stream', async () => {
    const lastReported = await runAndKill('forever', (lastSeq) => lastSeq >= 500)
    const seqs = persistedSeqs()
    expect(lastReported).toBeGreaterThanOrEqual(500)
    // The child may have appended a few more after its last report; never fewer.
    expect(seqs.length).toBeGreaterThanOrEqual(lastReported)
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, index) => index + 1))
  })
})
