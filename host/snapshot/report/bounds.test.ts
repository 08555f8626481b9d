// Silent 20 of issue 43: a huge failing golden made a 371 MB page (92 s, 4.1 GB), and a huge blob
// made `dsh report merge` read and parse all of it. What a report holds of an outcome is bounded,
// with a note of what was left out; a blob over its bound is refused by name before it is read.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../../app/test-support/run-cli.ts'
import { blobOutcome, MAX_BLOB_BYTES } from '../blob/blob.ts'
import type { ScenarioOutcome } from '../model/outcome.ts'
import { boundOutcome, MAX_REPORT_FAILURE_CHARS, MAX_REPORT_TEXT_CHARS } from './bounds.ts'
import { renderHtmlReport } from './html-report.ts'
import { failure } from '../model/failure.ts'

const dir = mkdtempSync(join(tmpdir(), 'dsh-report-bounds-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A transcript line of about 1 KiB; `n` makes each line differ. */
const line = (n: number, side: string) =>
  JSON.stringify({ jsonrpc: '2.0', method: 'session/update', params: { n, side, text: 'x'.repeat(1000) } })

/** A failed outcome whose golden and transcript are each `lines` KiB, differing on every line. */
function hugeFailure(lines: number): ScenarioOutcome {
  const golden = Array.from({ length: lines }, (_, i) => line(i, 'golden'))
  const actual = Array.from({ length: lines }, (_, i) => line(i, 'actual'))
  const file = 'scenarios/huge/stdout.golden.jsonl'
  return {
    scenario: 'huge',
    ok: false,
    failures: [
      {
        kind: 'surface',
        scenario: 'huge',
        file,
        surface: 'transcript',
        expected: `${golden.join('\n')}\n`,
        actual: `${actual.join('\n')}\n`,
        message: `${file} differs\n${'- a line\n'.repeat(40_000)}`,
      },
    ],
    written: [],
    durationMs: 1,
    mode: 'replay',
    host: 'in-process',
    surfaces: { transcript: actual, sessionLogs: actual },
    expectedGolden: `${golden.join('\n')}\n`,
  }
}

describe('the report bounds', () => {
  it('renders a 20 MB failing golden within the bounds, saying what was left out', () => {
    const outcome = hugeFailure(20 * 1024)
    const page = renderHtmlReport({ outcomes: [outcome] })
    // Each bounded text appears a few times (two conversations, the side by side): far below the input.
    expect(page.length).toBeLessThan(16 * MAX_REPORT_TEXT_CHARS)
    expect(page).toContain('shown in part: ')
    expect(page).toMatch(
      /scenarios\/huge\/stdout\.golden\.jsonl \(the golden side\): [\d,]+ characters of \d+ left out/,
    )
    expect(page).toMatch(/this run(&#39;|&#x27;|')s transcript: [\d,]+ lines left out of the report/)
  })

  it('cuts at line ends, keeps small outcomes as they are, and is idempotent', () => {
    const small = { ...hugeFailure(2), failures: [failure('process', 'huge', 'short')] }
    expect(boundOutcome(small)).toEqual(small)
    const bounded = boundOutcome(hugeFailure(1024))
    const [differs] = bounded.failures
    if (differs?.kind !== 'surface') throw new Error('the bounded outcome lost its surface failure')
    const expected = differs.expected!
    expect(expected.length).toBeLessThanOrEqual(MAX_REPORT_TEXT_CHARS)
    expect(expected.endsWith('}\n')).toBe(true)
    expect(differs.message.length).toBeLessThanOrEqual(MAX_REPORT_FAILURE_CHARS)
    expect(bounded.surfaces!.transcript.join('\n').length).toBeLessThanOrEqual(MAX_REPORT_TEXT_CHARS)
    expect(boundOutcome(bounded)).toEqual(bounded)
    // A blob keeps the bounded outcome and its notes, so a merged report says the same.
    expect(blobOutcome(hugeFailure(1024)).leftOut).toEqual(bounded.leftOut)
  })
})

describe('dsh report merge input bounds', () => {
  it('refuses a blob over the bound before reading it, and a file that is no regular file', async () => {
    const big = join(dir, 'big.json')
    writeFileSync(big, '')
    // Sparse: no disk is used, and nothing reads it if the bound holds.
    execFileSync('truncate', ['-s', String(MAX_BLOB_BYTES + 1), big])
    const result = await runCli(['report', 'merge', big])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      `dsh report merge: ${big} is 64.0 MiB, over the 64.0 MiB a report blob may be; dsh test --report keeps every ` +
        'text of an outcome within the report bounds, so this blob was not written by it or was padded: write it ' +
        'again with dsh test --report FILE\n',
    )
    const fifo = join(dir, 'blob.fifo')
    execFileSync('mkfifo', [fifo])
    const refused = await runCli(['report', 'merge', fifo])
    expect(refused).toMatchObject({
      code: 2,
      stderr: `dsh report merge: ${fifo} is not a regular file; give a blob file\n`,
    })
  })
})
