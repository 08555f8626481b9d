// A scratch project for the record-mode tests (record-modes.test.ts, record-drifted.test.ts):
// one-prompt scenarios with a scripted stub answer, and readers of what a mode wrote.
import { readdirSync, readFileSync } from 'node:fs'
import { afterEach, beforeEach } from 'vitest'
import { join } from 'node:path'
import { textReply } from '../../../lib/model-wire/index.ts'
import { runScenarios } from '../run/run.ts'
import { scratchProject, type ScratchProject } from './scratch-project.ts'
import { failureMessages } from '../model/failure.ts'

export const PIN = 'header:\n  class: default\n  pin: true\n'
export const MEMBER = 'header:\n  class: default\n'

export class RecordModesProject {
  readonly project: ScratchProject = scratchProject('record-modes')

  get root(): string {
    return this.project.root
  }

  /** A scenario whose one prompt the stub answers with `reply`. */
  addScenario(name: string, prompt: string, reply: string, header = MEMBER, manifestHead = ''): void {
    this.project.scenario(name, {
      manifest: `${manifestHead}scenario: ${name}\ndescription: ${name}.\nrecording: stub\n${header}`,
      input: {
        steps: [{ op: 'initialize' }, { op: 'newSession', as: 's1' }, { op: 'prompt', session: 's1', text: prompt }],
      },
    })
    this.project.modelScript(name, [textReply(reply)])
  }

  /** Every file of a scenario folder with its bytes, but the model script (the tests change it). */
  folderBytes(name: string): Record<string, string> {
    const dir = join(this.root, 'scenarios', name)
    const files = readdirSync(dir).filter((file) => file !== 'model.yml')
    return Object.fromEntries(files.map((file) => [file, readFileSync(join(dir, file), 'latin1')]))
  }

  read(name: string, file: string): string {
    return readFileSync(join(this.root, 'scenarios', name, file), 'utf8')
  }

  /** Replays the scenarios; each as [name, failures]. */
  async replayAll(names: string[]): Promise<Array<[string, string[]]>> {
    const replayed = await runScenarios({ root: this.root, names })
    return replayed.outcomes.map((o) => [o.scenario, failureMessages(o.failures)])
  }

  remove(): void {
    this.project.remove()
  }
}

/**
 * A fresh project for each test of the calling file (each test pins its own header class: a second pin
 * with equal sidecars would share them), and its helpers bound to the current one.
 */
export function recordModesProjectPerTest() {
  let current: RecordModesProject | undefined
  beforeEach(() => {
    current = new RecordModesProject()
  })
  afterEach(() => current?.remove())
  const now = () => current ?? assertInTest()
  return {
    get project(): ScratchProject {
      return now().project
    },
    addScenario: (...args: Parameters<RecordModesProject['addScenario']>) => now().addScenario(...args),
    folderBytes: (name: string) => now().folderBytes(name),
    read: (name: string, file: string) => now().read(name, file),
    replayAll: (names: string[]) => now().replayAll(names),
  }
}

function assertInTest(): never {
  throw new Error('recordModesProjectPerTest: the project exists only inside a test')
}
