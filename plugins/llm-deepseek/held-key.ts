// The API key once `dsh serve` has taken it out of the process environment: code that reads
// process.env, and processes spawned with the default environment, no longer see it. The
// environment block the process was started with (/proc/<pid>/environ) is not changed by
// this; docs/security.md says what that means.

let held: string | undefined

/** Move DEEPSEEK_API_KEY from `env` into this module; the adapter reads it from here after that. */
export function holdApiKey(env: NodeJS.ProcessEnv = process.env): boolean {
  const key = env.DEEPSEEK_API_KEY
  if (key === undefined) return false
  held = key
  delete env.DEEPSEEK_API_KEY
  return true
}

export function heldApiKey(): string | undefined {
  return held
}

/** ACP `logout`: the key is dropped from this module and from `env`; false when neither held one. */
export function forgetApiKey(env: NodeJS.ProcessEnv = process.env): boolean {
  const had = held !== undefined || env.DEEPSEEK_API_KEY !== undefined
  held = undefined
  delete env.DEEPSEEK_API_KEY
  return had
}
