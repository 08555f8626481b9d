// One headless Chromium from npm (@sparticuz/chromium ships the binary, puppeteer-core drives it),
// started with nothing that phones home, and a page that records every request it tries to make
// and lets only the page's own file:// document through.
import chromium from '@sparticuz/chromium'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--headless',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export async function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: await chromium.executablePath(),
    headless: true,
    args: CHROMIUM_FLAGS,
    defaultViewport: { width: 1280, height: 900 },
  })
}

/**
 * Open `url`; returns the page, every URL it requested (anything but `url` itself is aborted), and
 * its console errors and uncaught errors (a fetch the page's CSP refused is logged there, so a
 * report that tries to load anything shows up even though the request never starts).
 */
export async function openRecorded(
  browser: Browser,
  url: string,
): Promise<{ page: Page; requests: string[]; problems: string[] }> {
  const page = await browser.newPage()
  const requests: string[] = []
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warn') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(String(error)))
  await page.setRequestInterception(true)
  page.on('request', (request) => {
    requests.push(request.url())
    if (request.url() === url) void request.continue()
    else void request.abort('blockedbyclient')
  })
  await page.goto(url, { waitUntil: 'load' })
  return { page, requests, problems }
}
