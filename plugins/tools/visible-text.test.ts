// issue 28, item 10: a permission title passed CR and ANSI escapes raw, so a terminal client
// showed "echo ok" where "rm -rf ~" was to run.
import { describe, expect, it } from 'vitest'
import { createBashTool } from './bash.ts'
import { ToolsConfig } from './config.ts'
import { createWriteFileTool } from './write-file.ts'
import { visibleText } from './visible-text.ts'

describe('tool titles show every character', () => {
  it('bash: CR and cursor-moving escapes are written out, not obeyed', () => {
    const bash = createBashTool(ToolsConfig.parse({}).bash)
    expect(bash.title({ command: 'echo ok\r\x1b[2K\x1b[1Arm -rf ~' })).toBe('bash: echo ok\\r\\e[2K\\e[1Arm -rf ~')
  })

  it('write_file: a bidi override in a path is shown as an escape', () => {
    const write = createWriteFileTool({ readMaxBytes: 1024 })
    expect(write.title({ path: 'safe\u202etxt.sh', content: '' })).toBe('write_file safe\\u202etxt.sh')
  })

  it('leaves printable text, accents and emoji alone; escapes C1 and DEL', () => {
    expect(visibleText('café ✓ 😀 a\tb')).toBe('café ✓ 😀 a\\tb')
    expect(visibleText('a\u009bb\u007fc\u0000')).toBe('a\\x9bb\\x7fc\\x00')
  })
})
