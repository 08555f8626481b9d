// issue 39, bad input: a sandbox policy with an unknown key, a relative deny path, or a writable
// folder over dsh's own files fails the boot, each named with the file:line:column that set it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { packageFile } from '../../lib/package-root.ts'
import { bootComposition } from '../config/boot.ts'

const configFile = packageFile('cordis.yml')
const echo = packageFile('overlays', 'echo.cordis.yml')
let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'dsh-sandbox-config-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

async function bootWith(overlayText: string): Promise<{ overlay: string; error: Error }> {
  const overlay = path.join(dir, 'sandbox.yml')
  writeFileSync(overlay, overlayText)
  const env = { DSH_SESSIONS_ROOT: path.join(dir, 'sessions') }
  const error = await bootComposition({ configFile, patches: [echo, overlay], env, log: () => {} }).then(
    () => new Error('the boot succeeded'),
    (thrown: Error) => thrown,
  )
  return { overlay, error }
}

test('an unknown key and a relative deny path name their lines', async () => {
  const { overlay, error } = await bootWith(
    '- id: tools\n  config:\n    sandbox:\n      denyRead: [~/.ssh, .aws]\n      netwrok: true\n',
  )
  expect(error.message).toContain(
    `entry "tools": invalid config:\n      - ${overlay}:4:26: ".aws" is relative; write an absolute path or one ` +
      'starting with ~/',
  )
  expect(error.message).toContain(`- ${overlay}:3:5: Unrecognized key: "netwrok" (at sandbox)`)
})

test("a writable folder inside dsh's key folder, or holding it, names its line (tools and mcp alike)", async () => {
  const { overlay, error } = await bootWith(
    '- id: mcp\n  config:\n    sandbox:\n      allowWrite: [~/.config/dsh/x, ~/.config]\n',
  )
  const keyFolder = path.join(homedir(), '.config', 'dsh')
  expect(error.message).toContain(
    `entry "mcp": invalid config:\n      - ${overlay}:4:20: "${keyFolder}/x" is inside dsh's key folder ` +
      `(${keyFolder}); a command may never write there (at sandbox.allowWrite.0)`,
  )
  expect(error.message).toContain(`${overlay}:4:37: "${path.dirname(keyFolder)}" contains dsh's key folder`)
})
