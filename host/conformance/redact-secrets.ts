// What the runner prints and writes passes through here: the agent command keeps its shape but
// not the values of environment words that look like secrets (`MY_PROVIDER_API_KEY=…`), and every
// string of the report (failures, the agent's stderr, leftover command lines) goes through the
// secret scan's rules, each match replaced by the rule's name (lib/secrets). Pure.
import { redactor } from '../../lib/secrets/redact.ts'
import { SECRET_RULES } from '../../lib/secrets/rules.ts'
import { splitShellWords } from './shell-words.ts'

/** A leading `NAME=value` word whose name says it holds a secret. */
const SECRET_NAME = /(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|AUTH|COOKIE)/i

/** The same words found in a line that does not split: the value runs to the next blank. */
const SECRET_ASSIGNMENT = new RegExp(`\\b([A-Za-z_][A-Za-z0-9_]*${SECRET_NAME.source}[A-Za-z0-9_]*)=[^\\s"']*`, 'gi')

const scan = redactor(
  SECRET_RULES.map((rule) => ({ rule: rule.id, token: `[redacted: ${rule.id}]` })),
  {},
)!

/** A message that quotes the command line (a refusal to split it), with its secrets redacted. */
export function redactCommandMessage(message: string): string {
  return redactSecrets(message.replace(SECRET_ASSIGNMENT, '$1=[redacted]'))
}

/** `text` with every match of the secret scan's fixed rules replaced by `[redacted: <rule>]`. */
export function redactSecrets(text: string): string {
  return scan(text)
}

/**
 * The agent command as the report shows it: the values of leading `NAME=value` words with a
 * secret-looking name become `[redacted]`, and the rest goes through the scan. A line that does
 * not split (the run refuses it before anything is printed) is only scanned.
 */
export function redactAgentCommand(line: string): string {
  let words: string[]
  try {
    words = splitShellWords(line)
  } catch {
    return redactCommandMessage(line)
  }
  const shown = words.map(quoteWord)
  let redacted = false
  for (const [i, word] of words.entries()) {
    const name = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(word)?.[1]
    if (name === undefined) break
    if (!SECRET_NAME.test(name)) continue
    shown[i] = `${name}=[redacted]`
    redacted = true
  }
  return redactSecrets(redacted ? shown.join(' ') : line)
}

/** A word as a POSIX shell would read it back: bare when it is plain, else in single quotes. */
function quoteWord(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word
  return `'${word.replaceAll("'", `'\\''`)}'`
}
