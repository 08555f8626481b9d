// The bench's temp folder is gone when the part ends and when Ctrl-C (SIGINT) ends the bench first:
// a real node process holding one is interrupted, and it still ends (130).
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

it('removes the folder on SIGINT, then ends the process as the signal would (130)', async () => {
  const script =
    `const { withTempFolder } = await import(${JSON.stringify(new URL('./temp-folder.ts', import.meta.url).href)});` +
    "await withTempFolder('dsh-temp-folder-test-', (folder) => {" +
    '  console.log(folder);' +
    '  return new Promise(() => setInterval(() => {}, 1000))' +
    '})'
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const folder = await withTimeout(
    new Promise<string>((resolve) => child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()))),
    20_000,
    'the child to print its temp folder',
  )
  expect(existsSync(folder)).toBe(true)
  const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  child.kill('SIGINT')
  expect(await withTimeout(ended, 20_000, 'the child to end on SIGINT')).toBe(130)
  expect(existsSync(folder)).toBe(false)
})
