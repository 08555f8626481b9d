// issue 14 item 11: a plugin config of the wrong type, and a sessions root that cannot hold
// logs, fail the boot naming the file, line and column that set the value.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { packageFile } from '../../lib/package-root.ts'
import { bootComposition } from './boot.ts'

const configFile = packageFile('cordis.yml')
const echo = packageFile('overlays', 'echo.cordis.yml')
let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dsh-boot-config-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

test('a wrong type in an overlay names the overlay file:line:column', async () => {
  const overlay = path.join(dir, 'bad.yml')
  writeFileSync(overlay, '- id: tools\n  config:\n    bash:\n      maxOutputBytes: "abc"\n')
  const env = { DSH_SESSIONS_ROOT: path.join(dir, 'sessions') }
  await expect(bootComposition({ configFile, patches: [echo, overlay], env, log: () => {} })).rejects.toThrow(
    `entry "tools": invalid config:\n      - ${overlay}:4:7: Invalid input: expected number, received string (at ` +
      `bash.maxOutputBytes)`,
  )
})

test('a sessions root under a regular file fails the boot, naming where root is set', async () => {
  const file = path.join(dir, 'a-file')
  writeFileSync(file, 'not a folder')
  const root = path.join(file, 'sessions')
  const rootLine =
    readFileSync(configFile, 'utf8')
      .split('\n')
      .findIndex((line) => line.includes('root:')) + 1
  await expect(
    bootComposition({ configFile, patches: [echo], env: { DSH_SESSIONS_ROOT: root }, log: () => {} }),
  ).rejects.toThrow(
    `entry "session": invalid config:\n      - ${configFile}:${rootLine}:5: sessions root ${root} is under ${file}, ` +
      `which is a file, not a folder;`,
  )
})

test('an adapter config that fails validation says only why (no TypeError from its apply)', async () => {
  const overlay = path.join(dir, 'models.yml')
  writeFileSync(overlay, '- id: llm-deepseek\n  config:\n    models: []\n')
  const env = { DSH_SESSIONS_ROOT: path.join(dir, 'sessions') }
  const booted = bootComposition({ configFile, patches: [overlay], env, log: () => {} })
  await expect(booted).rejects.toThrow(
    `entry "llm-deepseek": invalid config:\n      - ${overlay}:3:5: list at least one`,
  )
  await expect(booted).rejects.not.toThrow(/Cannot read properties|entry "llm-deepseek": (?!invalid config)/)
})
