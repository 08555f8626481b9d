// Which paths a folder's .gitignore files leave out, for `dsh new --from-session --workspace DIR`.
// Pure: the caller reads each .gitignore and asks about each path while it walks. Covers what
// projects write: comments, `!` negation, a leading or inner `/` anchoring to the file's folder,
// a trailing `/` for folders only, `*`, `?`, `[…]` and `**`. Last matching rule wins, as in git.
export interface IgnoreRule {
  /** Folder of the .gitignore, relative to the workspace root ('' for the root). */
  base: string
  pattern: RegExp
  negated: boolean
  dirOnly: boolean
}

/** The rules of one .gitignore file found in `base`. */
export function parseGitignore(text: string, base: string): IgnoreRule[] {
  const rules: IgnoreRule[] = []
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.replace(/(?<!\\)\s+$/, '')
    if (!line || line.startsWith('#')) continue
    const negated = line.startsWith('!')
    if (negated) line = line.slice(1)
    if (line.startsWith('\\')) line = line.slice(1)
    const dirOnly = line.endsWith('/')
    if (dirOnly) line = line.slice(0, -1)
    if (!line) continue
    const anchored = line.includes('/')
    if (line.startsWith('/')) line = line.slice(1)
    const body = globToRegExp(line)
    rules.push({ base, negated, dirOnly, pattern: new RegExp(anchored ? `^${body}$` : `(?:^|/)${body}$`) })
  }
  return rules
}

/** Whether `path` (relative to the workspace root, `/`-separated) is ignored by the rules in force. */
export function isIgnored(rules: readonly IgnoreRule[], path: string, isDir: boolean): boolean {
  let ignored = false
  for (const rule of rules) {
    if (rule.dirOnly && !isDir) continue
    const prefix = rule.base ? `${rule.base}/` : ''
    if (prefix && !path.startsWith(prefix)) continue
    if (rule.pattern.test(path.slice(prefix.length))) ignored = !rule.negated
  }
  return ignored
}

function globToRegExp(glob: string): string {
  let out = ''
  for (let index = 0; index < glob.length; index++) {
    const char = glob.charAt(index)
    if (glob.startsWith('**/', index)) {
      out += '(?:.*/)?'
      index += 2
    } else if (glob.startsWith('/**', index) && index + 3 === glob.length) {
      out += '/.*'
      index += 2
    } else if (char === '*' && glob[index + 1] === '*') {
      out += '.*'
      index++
    } else if (char === '*') out += '[^/]*'
    else if (char === '?') out += '[^/]'
    else if (char === '[') {
      const close = glob.indexOf(']', index + 2)
      if (close === -1) out += '\\['
      else {
        out += `[${glob
          .slice(index + 1, close)
          .replace(/^!/, '^')
          .replaceAll('\\', '\\\\')}]`
        index = close
      }
    } else if (char === '\\' && index + 1 < glob.length) out += escapeChar(glob.charAt(++index))
    else out += escapeChar(char)
  }
  return out
}

function escapeChar(char: string): string {
  return char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}
