// dsh's own files, which the file tools treat as off limits even inside a session's cwd: the
// session logs, the key folder and every key file a composed adapter reads (docs/security.md).
import { keyPaths } from '../../lib/key-file-path.ts'
import type { RegisteredAdapter } from '../llm/adapter.ts'

export function ownFiles(
  sessionsRoot: string,
  adapters: readonly RegisteredAdapter[],
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  return [
    sessionsRoot,
    ...keyPaths(
      env,
      adapters.flatMap((adapter) => adapter.key ?? []),
    ),
  ]
}
