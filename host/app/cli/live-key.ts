// The key steps every command that boots the composition as the agent takes first (serve, prompt,
// chat): only a live composition may read .env and the key file (replay stays keyless).
import { holdApiKey } from '../../../plugins/llm-deepseek/held-key.ts'
import { loadComposition } from '../../../plugins/config/load.ts'
import { loadKeyFile } from '../key-file.ts'
import { loadDotEnvForLiveMode } from '../live-env.ts'

export async function loadKeyForLiveComposition(
  composition: { configFile: string; patches: string[] },
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<void> {
  // Probe the shape first, with !env lenient: .env is not loaded yet.
  const probe = await loadComposition({ ...composition, env, lenientEnv: true })
  if (loadDotEnvForLiveMode(probe.entries, { cwd: process.cwd() }) !== 'replay') {
    loadKeyFile({ env: process.env, warn: log })
    holdApiKey()
  }
}
