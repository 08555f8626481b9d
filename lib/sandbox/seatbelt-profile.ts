// A policy as a Seatbelt profile (SBPL) for macOS `sandbox-exec -p`. Pure. Seatbelt matches the
// paths the kernel resolved, so every path here is a real path (/private/tmp, not /tmp); a later
// rule wins over an earlier one, so the order is the policy: everything allowed, then writes
// denied, writable folders allowed, and last dsh's own files and the deny list refused.

export interface SeatbeltPolicy {
  /** Real paths of the folders a command may write (the cwd, additional directories, its private temp). */
  writable: readonly string[]
  /** Real paths it may neither read nor write (existing or not: Seatbelt matches the path). */
  denied: readonly string[]
  network: boolean
}

/** Devices every shell writes to. */
const DEVICES = ['/dev/null', '/dev/zero', '/dev/dtracehelper']

export function seatbeltProfile(policy: SeatbeltPolicy): string {
  const lines = ['(version 1)', '(allow default)', '(deny file-write*)']
  const writable = [
    ...policy.writable.map((folder) => `(subpath ${sbplString(folder)})`),
    ...DEVICES.map((device) => `(literal ${sbplString(device)})`),
    '(regex #"^/dev/tty")',
    '(regex #"^/dev/fd/")',
  ]
  lines.push(`(allow file-write*\n  ${writable.join('\n  ')})`)
  if (policy.denied.length)
    lines.push(
      `(deny file-read* file-write*\n  ${policy.denied.map((p) => `(subpath ${sbplString(p)})`).join('\n  ')})`,
    )
  if (!policy.network) lines.push('(deny network*)')
  return `${lines.join('\n')}\n`
}

/** An SBPL string literal: backslashes and quotes escaped; a path with a control character is refused. */
function sbplString(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value))
    throw new Error(`${JSON.stringify(value)} holds a control character; a Seatbelt profile cannot name it`)
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`
}
