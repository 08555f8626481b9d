// dsh's own files, which the file tools treat as off limits even inside a session's cwd: the
// session logs and the DeepSeek key wherever it is read from (docs/security.md).
import { keyPaths } from '../../lib/key-file-path.ts'

export function ownFiles(sessionsRoot: string, env: NodeJS.ProcessEnv = process.env): string[] {
  return [sessionsRoot, ...keyPaths(env)]
}
