// The bench's temp folder is gone when the part ends and when Ctrl-C (SIGINT) ends the bench first:
// a real node process holding one is interrupted, and the signal still ends it.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { expect, it } from 'vitest'
import { withTimeout } from '../lib/with-timeout.ts'
import { withTempFolder } from './temp-folder.ts'

it('removes the folder after the work, also when it throws', async () => {
  let seen = ''
  await expect(
    withTempFolder('dsh-temp-folder-test-', async (folder) => {
      seen = folder
      expect(existsSync(folder)).toBe(true)
      throw new Error('the part failed')
    }),
  ).rejects.toThrow('the part failed')
  expect(existsSync(seen)).toBe(false)
})

it('removes the folder on SIGINT, then lets the signal end the process', async () => {
  const script =
    `const { withTempFolder } = await import(${JSON.stringify(new URL('./temp-folder.ts', import.meta.url).href)});` +
    "await withTempFolder('dsh-temp-folder-test-', (folder) => { console.log(folder); return new Promise(() => {}) })"
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const folder = await withTimeout(
    new Promise<string>((resolve) => child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()))),
    20_000,
    'the child to print its temp folder',
  )
  expect(existsSync(folder)).toBe(true)
  const ended = new Promise<string>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? `exit ${code}`)))
  child.kill('SIGINT')
  // Ended by the signal itself, or by a loader that relays it as 128 + 2.
  expect(await withTimeout(ended, 20_000, 'the child to end on SIGINT')).toMatch(/^(SIGINT|exit 130)$/)
  expect(existsSync(folder)).toBe(false)
})
