import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { BootError, bootComposition } from './boot.ts'

const support = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-support')
const slow = path.join(support, 'slow-dispose-plugin.js')
const failing = path.join(support, 'failing-plugin.ts')

const made: string[] = []
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A temp folder holding a cordis.yml built from the folder's own path; removed after the file's tests. */
function fixture(yaml: (dir: string) => string): { dir: string; file: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'dsh-boot-'))
  made.push(dir)
  const file = path.join(dir, 'cordis.yml')
  writeFileSync(file, yaml(dir))
  return { dir, file }
}

describe('bootComposition', () => {
  test('starts the entries and dispose() waits for async disposers', async () => {
    const { dir, file } = fixture(
      (dir) =>
        `- { id: slow, name: ${slow}, config: { readyFile: ${dir}/ready, disposedFile: ${dir}/disposed, delayMs: 200 ` +
        `} }\n`,
    )
    const logs: string[] = []
    const booted = await bootComposition({ configFile: file, env: {}, log: (line) => logs.push(line) })
    expect(booted.entries.map((entry) => entry.id)).toEqual(['slow'])
    expect(booted.configFile).toBe(file)
    expect(existsSync(`${dir}/ready`)).toBe(true)
    expect(existsSync(`${dir}/disposed`)).toBe(false)
    await booted.dispose()
    expect(existsSync(`${dir}/disposed`)).toBe(true)
    expect(logs).toEqual([])
  })

  test('a plugin whose apply throws fails the boot with one error naming the entry; the rest is disposed', async () => {
    const { dir, file } = fixture((dir) =>
      [
        `- { id: slow, name: ${slow}, config: { disposedFile: ${dir}/disposed, delayMs: 50 } }`,
        `- { id: broken, name: ${failing}, config: { count: 7 } }`,
      ].join('\n'),
    )
    const error = await bootComposition({ configFile: file, env: {} }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(BootError)
    expect((error as Error).message).toMatch(
      /boot failed for .*cordis\.yml:\n {2}entry "broken": intentional apply failure \(count 7\)/,
    )
    expect(((error as Error).cause as Error).message).toBe('intentional apply failure (count 7)')
    expect(existsSync(`${dir}/disposed`)).toBe(true)
  })

  test('a config that fails the plugin schema names the entry', async () => {
    const { file } = fixture(() => `- { id: typed, name: ${failing}, config: { count: many } }\n`)
    await expect(bootComposition({ configFile: file, env: {} })).rejects.toThrow(
      /entry "typed": invalid config:\n.*\(at count\)/,
    )
  })

  test('an unresolvable module names the entry id and the specifier', async () => {
    const { file } = fixture(() => '- { id: ghost, name: ./plugins/ghost }\n')
    await expect(bootComposition({ configFile: file, env: {} })).rejects.toThrow(
      /entry "ghost": cannot resolve module "\.\/plugins\/ghost"/,
    )
  })

  test('a YAML error in the composition fails the boot with file, line and column', async () => {
    const { file } = fixture(() => '- id: a\n  name: [unclosed\n')
    await expect(bootComposition({ configFile: file, env: {} })).rejects.toThrow(/cordis\.yml:3:1: invalid YAML/)
  })

  test('env defaults to process.env', async () => {
    const { dir, file } = fixture(() =>
      '- { id: slow, name: SLOW, config: { disposedFile: !env DSH_BOOT_TEST_FILE, delayMs: 1 } }\n'.replace(
        'SLOW',
        slow,
      ),
    )
    process.env.DSH_BOOT_TEST_FILE = path.join(dir, 'from-env')
    try {
      const booted = await bootComposition({ configFile: file })
      await booted.dispose()
      expect(existsSync(path.join(dir, 'from-env'))).toBe(true)
    } finally {
      delete process.env.DSH_BOOT_TEST_FILE
    }
  })

  test('groups boot their children; an overlay can insert into a group', async () => {
    const { dir, file } = fixture((dir) =>
      [
        '- id: tools',
        '  name: cordis:group',
        '  group: true',
        `  config: [ { id: first, name: ${slow}, config: { readyFile: ${dir}/first, disposedFile: ${dir}/first-done, ` +
          `delayMs: 1 } } ]`,
      ].join('\n'),
    )
    const patch = {
      source: 'test patch',
      patches: [
        {
          insert: [
            {
              id: 'second',
              name: slow,
              config: { readyFile: `${dir}/second`, disposedFile: `${dir}/second-done`, delayMs: 1 },
            },
          ],
          into: 'tools',
        },
      ],
    }
    const booted = await bootComposition({ configFile: file, patches: [patch], env: {} })
    expect([...booted.ctx.loader.entries()].map((entry) => entry.options.id).sort()).toEqual([
      'first',
      'second',
      'tools',
    ])
    expect(existsSync(`${dir}/first`) && existsSync(`${dir}/second`)).toBe(true)
    await booted.dispose()
    expect(existsSync(`${dir}/first-done`) && existsSync(`${dir}/second-done`)).toBe(true)
  })

  test('disabled entries are not imported', async () => {
    const { file } = fixture(() => '- { id: off, name: ./plugins/ghost, disabled: true }\n')
    const booted = await bootComposition({ configFile: file, env: {} })
    expect(booted.entries).toEqual([{ id: 'off', name: './plugins/ghost', disabled: true }])
    await booted.dispose()
  })

  test('after boot, internal errors and disposer failures are logged with the entry id', async () => {
    const { file } = fixture(
      (dir) =>
        `- { id: fragile, name: ${slow}, config: { disposedFile: ${dir}/d, delayMs: 10, failOnDispose: true } }\n`,
    )
    const logs: string[] = []
    const booted = await bootComposition({ configFile: file, env: {}, log: (line) => logs.push(line) })
    const [entry] = booted.ctx.loader.entries()
    const fiber = entry?.fiber
    if (!fiber) throw new Error('the fragile entry has no fiber')
    fiber.ctx.emit(fiber.ctx, 'internal/error', new Error('late failure'))
    await booted.dispose()
    await new Promise((resolve) => setImmediate(resolve))
    expect(logs.some((line) => line.startsWith('dsh: entry "fragile": Error: late failure'))).toBe(true)
    expect(logs.some((line) => line.startsWith('dsh: entry "fragile": Error: intentional disposer failure'))).toBe(true)
  })

  test('an entry waiting for a service nobody provides is reported', async () => {
    const { file } = fixture(() => `- { id: lonely, name: ${path.join(support, 'needs-service-plugin.ts')} }\n`)
    const logs: string[] = []
    const booted = await bootComposition({ configFile: file, env: {}, log: (line) => logs.push(line) })
    await booted.dispose()
    expect(logs).toEqual([
      'dsh: warning: entry "lonely" has not started: no enabled entry provides required service nonexistentService',
    ])
  })
})
