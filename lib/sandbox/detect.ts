// Finds this machine's sandbox tier: on Linux, bwrap on PATH and a probe that starts a real
// sandbox with the flags every command gets; on macOS, /usr/bin/sandbox-exec. Asked once per
// process and PATH (the answer does not change while dsh runs; a test forces another PATH).
import { spawn } from 'node:child_process'
import { accessSync, constants, existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { bwrapArgs, PROBE_POLICY } from './bwrap-args.ts'
import { classifyBwrapFailure, type SandboxTier } from './tier.ts'

const SEATBELT = '/usr/bin/sandbox-exec'
const PROBE_TIMEOUT_MS = 10_000

interface DetectOptions {
  platform?: NodeJS.Platform
  /** Where bwrap is looked for; default this process's PATH. */
  PATH?: string
}

const known = new Map<string, Promise<SandboxTier>>()

export function detectSandbox(options: DetectOptions = {}): Promise<SandboxTier> {
  const platform = options.platform ?? process.platform
  const PATH = options.PATH ?? process.env.PATH ?? ''
  const key = `${platform}\0${PATH}`
  let tier = known.get(key)
  if (!tier) {
    tier = detect(platform, PATH)
    known.set(key, tier)
  }
  return tier
}

async function detect(platform: NodeJS.Platform, PATH: string): Promise<SandboxTier> {
  if (platform === 'win32') return { available: false, reason: 'windows' }
  if (platform === 'darwin')
    return existsSync(SEATBELT)
      ? { available: true, kind: 'seatbelt', command: SEATBELT }
      : { available: false, reason: 'no-sandbox-exec' }
  if (platform !== 'linux') return { available: false, reason: 'unsupported-platform', detail: platform }
  const bwrap = findOnPath('bwrap', PATH)
  if (!bwrap) return { available: false, reason: 'no-bwrap' }
  const probe = await runProbe(bwrap, PATH)
  if (probe.ok) return { available: true, kind: 'bubblewrap', command: bwrap }
  return classifyBwrapFailure({
    stderr: probe.stderr,
    usernsSysctlOff: usernsSysctlOff(),
    root: process.getuid?.() === 0,
    container: inContainer(),
  })
}

/** The first executable regular file of that name on PATH. */
function findOnPath(name: string, PATH: string): string | undefined {
  for (const folder of PATH.split(path.delimiter)) {
    if (!folder || !path.isAbsolute(folder)) continue
    const candidate = path.join(folder, name)
    try {
      accessSync(candidate, constants.X_OK)
      if (statSync(candidate).isFile()) return candidate
    } catch {
      // not here
    }
  }
  return undefined
}

/** Starts the sandbox every command gets, around `true`. */
function runProbe(bwrap: string, PATH: string): Promise<{ ok: boolean; stderr: string }> {
  const args = [...bwrapArgs(PROBE_POLICY), '--', 'true']
  return new Promise((resolve) => {
    const child = spawn(bwrap, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { PATH }, timeout: PROBE_TIMEOUT_MS })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2_000)
    })
    child.on('error', (error) => resolve({ ok: false, stderr: error.message }))
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ ok: true, stderr })
      else resolve({ ok: false, stderr: stderr || `exited with ${signal ?? `code ${code}`} and said nothing` })
    })
  })
}

function readSysctl(name: string): string | undefined {
  try {
    return readFileSync(`/proc/sys/${name}`, 'utf8').trim()
  } catch {
    return undefined
  }
}

function usernsSysctlOff(): boolean {
  return (
    readSysctl('kernel/unprivileged_userns_clone') === '0' ||
    readSysctl('user/max_user_namespaces') === '0' ||
    readSysctl('kernel/apparmor_restrict_unprivileged_userns') === '1'
  )
}

function inContainer(): boolean {
  if (existsSync('/.dockerenv') || existsSync('/run/.containerenv')) return true
  try {
    return /docker|kubepods|containerd|lxc|podman/.test(readFileSync('/proc/1/cgroup', 'utf8'))
  } catch {
    return false
  }
}
