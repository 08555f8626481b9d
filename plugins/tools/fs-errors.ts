// Turns Node fs errors into messages the model can act on. Node's own messages carry
// absolute paths, which would leak the temp cwd into snapshotted outputs.

export function fsErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined
}

export function describeFsError(error: unknown, displayPath: string): string {
  const code = fsErrorCode(error)
  switch (code) {
    case 'ENOENT':
      return `"${displayPath}" does not exist.`
    case 'EACCES':
    case 'EPERM':
      return `Permission denied for "${displayPath}".`
    case 'EISDIR':
      return `"${displayPath}" is a directory.`
    case 'ENOTDIR':
      return `A parent of "${displayPath}" is not a directory.`
    case 'ELOOP':
      return `"${displayPath}" goes through a symlink loop.`
    case 'ENAMETOOLONG':
      return `"${displayPath}" is too long a path.`
    default:
      if (code) return `Cannot access "${displayPath}" (${code}).`
      throw error
  }
}
