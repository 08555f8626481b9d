// The HTML report as a person sees it, in a real headless Chromium at 1280 px: a report of a real
// run (one scenario whose golden was changed, one that drifts, one passing with a tool call)
// opened from file://, with layout assertions and screenshots (kept in $DSH_REPORT_SCREENSHOTS
// when it is set, to look at). One browser launch.
import { appendFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { main } from '../../app/cli.ts'
import { launchBrowser, openRecorded } from '../test-support/headless-browser.ts'
import { scratchProject } from '../test-support/scratch-project.ts'

const project = scratchProject('html-report')
for (const name of ['text-turn', 'bash-allow-once', 'read-file'])
  cpSync(packageFile('scenarios', name), join(project.root, 'scenarios', name), { recursive: true })
// read-file's tool output changes by one line: replay drifts.
appendFileSync(join(project.root, 'scenarios', 'read-file', 'workspace', 'src', 'math.js'), '// changed\n')
const screenshots = process.env.DSH_REPORT_SCREENSHOTS ?? join(project.root, 'screenshots')
mkdirSync(screenshots, { recursive: true })
const golden = join(project.root, 'scenarios', 'text-turn', 'stdout.golden.jsonl')
writeFileSync(golden, readFileSync(golden, 'utf8').replace('"Hello"', '"Howdy"'))
const reportFile = join(project.root, 'report.html')
const jsonFile = join(project.root, 'report.json')

/** The few DOM members these checks read in the page (the project compiles without the DOM lib). */
interface Rendered {
  className: string
  getBoundingClientRect(): { top: number; width: number }
  textContent: string | null
  innerText: string
  checkVisibility(): boolean
  querySelectorAll(selector: string): Iterable<Rendered>
}
/** The page's window, for getComputedStyle (callbacks run in the browser: only type casts, no closures). */
interface PageWindow {
  getComputedStyle(element: unknown): { backgroundColor: string; whiteSpace: string }
  innerHeight: number
  document: { documentElement: { scrollWidth: number; clientWidth: number } }
}

let browser: Browser
beforeAll(async () => {
  const io = { stdout: () => {}, stderr: () => {}, env: {} }
  const code = await main(['test', '--root', project.root, '--html', reportFile, '--report', jsonFile], io)
  expect(code).toBe(1)
  browser = await launchBrowser()
}, 60_000)
afterAll(async () => {
  await browser?.close()
  project.remove()
})

describe('the HTML report in a browser', () => {
  it('shows the summary counts of the run, makes no network request, and marks the changed line', async () => {
    const url = pathToFileURL(reportFile).href
    const { page, requests, problems } = await openRecorded(browser, url)
    const run = JSON.parse(readFileSync(jsonFile, 'utf8')) as { scenarios: Array<{ scenario: string; ok: boolean }> }
    const passed = run.scenarios.filter((s) => s.ok).length
    expect(await page.$eval('#counts', (el) => el.textContent)).toBe(
      `${passed} passed, ${run.scenarios.length - passed} failed`,
    )
    const rows = await page.$$eval('#summary tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    )
    expect(rows.map((row) => [row[0], row[1], row[2], row[4]]).sort()).toEqual([
      ['bash-allow-once', 'replay', 'in-process', 'pass'],
      ['read-file', 'replay', 'in-process', 'FAIL'],
      ['text-turn', 'replay', 'in-process', 'FAIL'],
    ])

    // The failing scenario is open; its changed line is on screen on both sides, marked and highlighted.
    const changed = await page.$$eval(
      '#s-text-turn table.sbs tr.changed td.del, #s-text-turn table.sbs tr.changed td.ins',
      (cells) =>
        cells.map((cell) => ({
          class: cell.className,
          text: cell.textContent,
          visible: (cell as unknown as Rendered).checkVisibility(),
          background: (globalThis as unknown as PageWindow).getComputedStyle(cell).backgroundColor,
          highlighted: [...(cell as unknown as Rendered).querySelectorAll('mark')].map((m) => m.textContent).join(''),
        })),
    )
    expect(changed).toEqual([
      expect.objectContaining({ class: 'del', visible: true, highlighted: expect.stringMatching(/^[owdy]+$/) }),
      expect.objectContaining({ class: 'ins', visible: true, highlighted: expect.stringMatching(/^[elo]+$/) }),
    ])
    expect(changed[0]!.text).toMatch(/^−.*"Howdy"/)
    expect(changed[1]!.text).toMatch(/^\+.*"Hello"/)
    expect(changed[0]!.background).not.toBe(changed[1]!.background)
    expect(requests).toEqual([url])
    expect(problems).toEqual([])
    await page.close()
  }, 30_000)

  it("shows a tool call's output once its scenario is opened", async () => {
    const { page, requests } = await openRecorded(browser, pathToFileURL(reportFile).href)
    const output = '#s-bash-allow-once .tool .output'
    expect(await page.$eval(output, (el) => (el as unknown as Rendered).checkVisibility())).toBe(false)
    // The run failed, so the page opens on the failures: a passing scenario shows once the filter is off.
    const section = '#s-bash-allow-once'
    expect(await page.$eval(section, (el) => (el as unknown as Rendered).checkVisibility())).toBe(false)
    await page.click('#failures-only')
    expect(await page.$eval(section, (el) => (el as unknown as Rendered).checkVisibility())).toBe(true)
    await page.click('#s-bash-allow-once > details > summary')
    // innerText: the text as rendered on screen, which is what a person reads.
    const shown = await page.$eval(output, (el) => ({
      visible: (el as unknown as Rendered).checkVisibility(),
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is asserted
      text: (el as unknown as Rendered).innerText,
    }))
    expect(shown.visible).toBe(true)
    expect(shown.text).toMatch(/^output\n3\s*$/)
    expect(
      await page.$eval(
        `${output} .text`,
        (el) => (globalThis as unknown as PageWindow).getComputedStyle(el).whiteSpace,
      ),
    ).toBe('pre-wrap')
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is asserted
    const tool = await page.$eval('#s-bash-allow-once .tool', (el) => (el as unknown as Rendered).innerText)
    expect(tool).toContain('execute')
    expect(tool).toContain('completed')
    expect(tool).toContain('wc -l < todo.txt')
    expect(tool).toMatch(/answered: Allow once/)
    expect(requests).toHaveLength(1)
    await page.close()
  }, 30_000)

  it('at 1280 px: the cause on screen one, wide code columns, conversations side by side, no overflow', async () => {
    const { page } = await openRecorded(browser, pathToFileURL(reportFile).href)
    await page.setViewport({ width: 1280, height: 800 })
    await page.screenshot({ path: join(screenshots, 'report-1280-first-screen.png') })
    await page.screenshot({ path: join(screenshots, 'report-1280-full.png'), fullPage: true })
    const layout = await page.evaluate(() => {
      const win = globalThis as unknown as PageWindow & { document: { querySelector(s: string): Rendered | null } }
      const box = (selector: string) => win.document.querySelector(selector)?.getBoundingClientRect()
      const cells = (selector: string) =>
        [...(win.document.querySelector(selector)?.querySelectorAll('tbody tr.changed td') ?? [])].map(
          (td) => td.getBoundingClientRect().width,
        )
      return {
        viewport: win.innerHeight,
        overflow: win.document.documentElement.scrollWidth - win.document.documentElement.clientWidth,
        firstCause: box('section.failed .cause')?.top,
        causes: [...(win.document.querySelector('main')?.querySelectorAll('section.failed .cause-line') ?? [])].map(
          // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is asserted
          (el) => el.innerText,
        ),
        sbs: cells('#s-text-turn table.sbs'),
        sides: [
          ...(win.document.querySelector('#s-text-turn .conversations')?.querySelectorAll(':scope > div') ?? []),
        ].map((side) => ({
          width: side.getBoundingClientRect().width,
          changed: [...side.querySelectorAll('.changed-item')].length,
        })),
      }
    })
    expect(layout.overflow).toBeLessThanOrEqual(0)
    expect(layout.firstCause).toBeLessThan(layout.viewport)
    // Class pins run first: text-turn, then read-file.
    expect(layout.causes).toEqual([
      'cause: scenario text-turn: regression-or-intended: ' +
        'scenarios/text-turn/stdout.golden.jsonl differs from the run at line 4',
      expect.stringMatching(
        new RegExp(
          '^cause: scenario read-file: regression-or-intended: ' +
            String.raw`replay drift at steps\[2\] .* message 2 differs \(role tool\)$`,
        ),
      ),
    ])
    // A changed row: line number, code, line number, code; the code columns take the width.
    const [leftNumber, leftCode, rightNumber, rightCode] = layout.sbs
    expect(leftNumber).toBeLessThan(60)
    expect(rightNumber).toBeLessThan(60)
    expect(leftCode).toBeGreaterThan(450)
    expect(Math.abs(leftCode! - rightCode!)).toBeLessThan(2)
    // Expected and actual conversations, each half the width, each with its changed message marked.
    expect(layout.sides).toHaveLength(2)
    for (const side of layout.sides) {
      expect(side.width).toBeGreaterThan(450)
      expect(side.changed).toBeGreaterThan(0)
    }
    // Replayed twice, the same both times: the fix first, then the re-record if the change is intended.
    const next = await page.$eval('#s-read-file .cause .next', (el) => el.textContent)
    expect(next).toBe(
      'next: fix the tool or the agent if this change is a regression (two replays agree, so the change is real; ' +
        'if it is intended: npx dsh test read-file --mode record --stub)',
    )
    await page.close()
  }, 30_000)
})
