import { describe, expect, it } from 'vitest'
import { ByteLog } from './byte-log.ts'

describe('ByteLog', () => {
  it('keeps strings and bytes in order across growth, multi-byte characters included', () => {
    const log = new ByteLog()
    const expected: string[] = []
    for (let index = 0; index < 5000; index++) {
      const line = `{"n":${index},"text":"é☕😀 ${'x'.repeat(index % 97)}"}\n`
      expected.push(line)
      if (index % 3) log.appendString(line)
      else log.appendBytes(Buffer.from(line))
    }
    // A character split across two byte chunks still decodes whole.
    const cup = Buffer.from('☕\n')
    log.appendBytes(cup.subarray(0, 1))
    log.appendBytes(cup.subarray(1))
    expect(log.text()).toBe(`${expected.join('')}☕\n`)
  })

  it('is empty before anything is appended', () => {
    expect(new ByteLog().text()).toBe('')
  })
})
