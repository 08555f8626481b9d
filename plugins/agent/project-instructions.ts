// Project instructions (issue 38 item 7): AGENTS.md (or the names the agent config lists) at the
// session cwd goes into the system prompt, each file in a block of its own. Read at the start of
// every turn through the file tools' confinement (no symlink out, no hidden file, what is opened is
// what was checked); a file over the cap or not UTF-8 fails the prompt by name, before anything is
// logged. The log records which files and their hashes (`project/instructions`) when they change.
import { createHash } from 'node:crypto'
import { isUtf8 } from 'node:buffer'
import { lstatSync, statSync } from 'node:fs'
import path from 'node:path'
import { confineExisting } from '../tools/confine.ts'
import { openForRead } from '../tools/pinned-open.ts'
import type { EventData } from '../session/events.ts'
import { relativeInside } from '../../lib/path-inside.ts'
import { plural } from '../../lib/plural.ts'
import { AgentRequestError } from './request-error.ts'

export type InstructionFile = EventData['project/instructions']['files'][number] & { text: string }

interface InstructionsConfig {
  /** File names at the cwd, in order; every one that exists is read. */
  files: readonly string[]
  /** Bytes one file may have. */
  maxBytes: number
}

/**
 * The instruction files at `cwd`, read now; none when none exists. Throws a named refusal. `hidden`
 * (the file tools' hidden paths) is asked only when a file is there to confine.
 */
export async function readInstructions(
  cwd: string,
  config: InstructionsConfig,
  hidden: () => readonly string[] = () => [],
): Promise<InstructionFile[]> {
  const found: InstructionFile[] = []
  // A cwd that is gone holds no instructions (the tools will say it is gone).
  if (!statSync(cwd, { throwIfNoEntry: false })?.isDirectory()) return found
  for (const name of config.files) {
    if (absentInside(cwd, name)) continue
    const target = confineExisting(cwd, name, hidden())
    if (!target.ok) {
      if (/does not exist/.test(target.message)) continue
      throw refusal(name, `cannot be read as project instructions: ${target.message}`)
    }
    const file = await openForRead(target).catch((error: Error) => {
      throw refusal(name, `cannot be read as project instructions: ${error.message}`)
    })
    try {
      if (!file.stats.isFile()) throw refusal(name, 'is not a regular file; project instructions are plain text files')
      if (file.stats.size > config.maxBytes)
        throw refusal(
          name,
          `is ${plural(file.stats.size, 'byte')}, over the ${config.maxBytes}-byte cap on project instructions ` +
            '(agent config "instructions.maxBytes"); shorten it or raise the cap',
        )
      const bytes = await file.handle.readFile()
      if (!isUtf8(bytes)) throw refusal(name, 'is not valid UTF-8 text; save it as UTF-8')
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      found.push({ path: name, bytes: bytes.length, sha256, text: bytes.toString('utf8') })
    } finally {
      await file.handle.close()
    }
  }
  return found
}

/**
 * A name inside the cwd with nothing under it (not even a dangling link): most sessions have no
 * AGENTS.md, and the confinement's realpaths of the cwd and of every hidden path cost far more than
 * this one lstat. A name that leaves the cwd is still refused by the confinement, absent or not.
 */
function absentInside(cwd: string, name: string): boolean {
  const absolute = path.resolve(cwd, name)
  return relativeInside(cwd, absolute) !== undefined && !lstatSync(absolute, { throwIfNoEntry: false })
}

function refusal(name: string, problem: string): AgentRequestError {
  return new AgentRequestError(`project instructions: ${name} in the session cwd ${problem}`, 'project-instructions')
}

/** The system prompt with each instruction file in its own block after it. */
export function withInstructions(system: string, files: readonly InstructionFile[]): string {
  if (!files.length) return system
  const blocks = files.map((file) => `# Project instructions (${file.path})\n\n${file.text.trimEnd()}`)
  return [system, ...blocks].join('\n\n')
}

/** What the log records of them: paths, sizes and hashes (the text is in the request header). */
export function instructionsRecord(files: readonly InstructionFile[]): EventData['project/instructions'] {
  return { files: files.map(({ path, bytes, sha256 }) => ({ path, bytes, sha256 })) }
}

/** Whether two records name the same files with the same content. */
export function sameInstructions(
  a: EventData['project/instructions'] | undefined,
  b: EventData['project/instructions'],
) {
  return JSON.stringify(a?.files ?? []) === JSON.stringify(b.files)
}
