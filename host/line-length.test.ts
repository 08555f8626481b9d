// Lines under 121 characters (biome's lineWidth), tests included: biome cannot break a string or a
// regex literal, so a long message or pattern is split by hand (`'…' + '…'`, String.raw parts).
import { expect, it } from 'vitest'
import { linesMatching } from './test-support/source-lines.ts'

it('no line of host/, lib/, plugins/ or bench/ is over 120 characters', () => {
  expect(linesMatching(/^.{121,}$/u)).toEqual([])
})
