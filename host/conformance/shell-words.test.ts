import { describe, expect, it } from 'vitest'
import { parseAgentCommand, splitShellWords } from './shell-words.ts'

describe('splitShellWords', () => {
  it('splits on runs of whitespace and keeps quoted spaces', () => {
    expect(splitShellWords('  npx   dsh --patch overlays/echo.cordis.yml ')).toEqual([
      'npx',
      'dsh',
      '--patch',
      'overlays/echo.cordis.yml',
    ])
    expect(splitShellWords(`node 'my agent.js' "two words"`)).toEqual(['node', 'my agent.js', 'two words'])
  })

  it('joins adjacent quoted and bare parts into one word, and keeps empty quoted words', () => {
    expect(splitShellWords(`--name="a b"c ''`)).toEqual(['--name=a bc', ''])
  })

  it('applies backslash escapes outside quotes and the four escapes inside double quotes', () => {
    expect(splitShellWords('a\\ b \\$HOME')).toEqual(['a b', '$HOME'])
    expect(splitShellWords(`"say \\"hi\\" \\\\ \\$x \\n"`)).toEqual(['say "hi" \\ $x \\n'])
    expect(splitShellWords(`'no \\escape $here'`)).toEqual(['no \\escape $here'])
  })

  it('keeps ~ inside a word and # inside a word literal', () => {
    expect(splitShellWords('file~1 a#b')).toEqual(['file~1', 'a#b'])
  })

  it('refuses what would need a shell, naming the character and its position', () => {
    expect(() => splitShellWords('dsh | tee log')).toThrow(/unquoted "\|" at character 5 needs a shell.*sh -c/)
    expect(() => splitShellWords('run $AGENT')).toThrow(/unquoted "\$" at character 5/)
    expect(() => splitShellWords('~/bin/agent')).toThrow(/unquoted "~" at character 1/)
    expect(() => splitShellWords('agent # comment')).toThrow(/# at character 7 would start a shell comment/)
    expect(() => splitShellWords('echo "$HOME"')).toThrow(/\$ inside double quotes/)
  })

  it('reports unterminated quotes and a trailing backslash', () => {
    expect(() => splitShellWords(`node 'x`)).toThrow(/unterminated single quote at character 6/)
    expect(() => splitShellWords('node "x')).toThrow(/unterminated double quote/)
    expect(() => splitShellWords('node x\\')).toThrow(/ends with a backslash/)
  })
})

describe('parseAgentCommand', () => {
  it('takes leading NAME=value words as environment', () => {
    expect(parseAgentCommand('DSH_SESSIONS_ROOT=/tmp/s A= node bin/dsh.js')).toEqual({
      env: { DSH_SESSIONS_ROOT: '/tmp/s', A: '' },
      command: 'node',
      args: ['bin/dsh.js'],
    })
  })

  it('needs a program', () => {
    expect(() => parseAgentCommand('  ')).toThrow(/names no program to run/)
    expect(() => parseAgentCommand('X=1')).toThrow(/names no program to run/)
  })
})
