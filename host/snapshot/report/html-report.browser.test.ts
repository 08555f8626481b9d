// The HTML report as a person sees it, in a real headless Chromium: a report of a real run (one
// scenario whose golden was changed, one with a tool call) opened from file://. One browser launch.
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import { main } from '../../app/cli.ts'
import { launchBrowser, openRecorded } from '../test-support/headless-browser.ts'
import { scratchProject } from '../test-support/scratch-project.ts'

const project = scratchProject('html-report')
for (const name of ['text-turn', 'bash-allow-once'])
  cpSync(packageFile('scenarios', name), join(project.root, 'scenarios', name), { recursive: true })
const golden = join(project.root, 'scenarios', 'text-turn', 'stdout.golden.jsonl')
writeFileSync(golden, readFileSync(golden, 'utf8').replace('"Hello"', '"Howdy"'))
const reportFile = join(project.root, 'report.html')
const jsonFile = join(project.root, 'report.json')

/** The few DOM members these checks read in the page (the project compiles without the DOM lib). */
interface Rendered {
  className: string
  textContent: string | null
  innerText: string
  checkVisibility(): boolean
  querySelectorAll(selector: string): Iterable<Rendered>
}
/** The page's window, for getComputedStyle (callbacks run in the browser: only type casts, no closures). */
interface PageWindow {
  getComputedStyle(element: unknown): { backgroundColor: string }
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
    await page.click('#s-bash-allow-once > details > summary')
    // innerText: the text as rendered on screen, which is what a person reads.
    const shown = await page.$eval(output, (el) => ({
      visible: (el as unknown as Rendered).checkVisibility(),
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is asserted
      text: (el as unknown as Rendered).innerText,
    }))
    expect(shown.visible).toBe(true)
    expect(shown.text).toMatch(/^output\n3\s*$/)
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what is asserted
    const tool = await page.$eval('#s-bash-allow-once .tool', (el) => (el as unknown as Rendered).innerText)
    expect(tool).toContain('execute')
    expect(tool).toContain('completed')
    expect(tool).toContain('wc -l < todo.txt')
    expect(tool).toMatch(/answered: Allow once/)
    expect(requests).toHaveLength(1)
    await page.close()
  }, 30_000)
})
