// issue 43, item 23: read_file reads special and pseudo files to their end, not to the size they
// claim: /proc files say 0 bytes (read as "(empty file)"), /sys files 4096 (a 23-byte file was
// "4073 bytes omitted"). Real /proc and /sys files, read as the kernel gives them.
import { readFileSync, realpathSync } from 'node:fs'
import { expect, it } from 'vitest'
import { createReadFileTool } from './read-file.ts'

const read = (cwd: string, file: string, readMaxBytes = 65536) =>
  createReadFileTool({ readMaxBytes }).run({ path: file }, { cwd, signal: new AbortController().signal })

it('reads /proc/self/status whole, though its size says 0', async () => {
  const cwd = realpathSync('/proc/self')
  const result = await read(cwd, 'status')
  expect(result.isError).toBe(false)
  expect(result.output).toMatch(/^Name:\t.*\n[\s\S]*\nPid:\t\d+\n/)
  expect(result.output).not.toMatch(/empty file|truncated/)
})

it('reads a small /sys file whole, though its size says 4096, with no bytes "omitted"', async () => {
  const expected = readFileSync('/sys/devices/system/cpu/online', 'utf8')
  expect(await read('/sys/devices/system/cpu', 'online')).toMatchObject({ output: expected, isError: false })
})

it('counts what it leaves out of a pseudo file by reading it, not by its size', async () => {
  const cwd = realpathSync('/proc/self')
  const whole = Buffer.byteLength(readFileSync(`${cwd}/status`, 'utf8'))
  const result = await read(cwd, 'status', 64)
  // The line count may drift by a few bytes between the two reads (the process runs): its form is the point.
  const omitted = Number(/\[output truncated: (\d+) bytes omitted\]$/.exec(result.output)?.[1])
  expect(Math.abs(omitted - (whole - 64))).toBeLessThan(64)
})
