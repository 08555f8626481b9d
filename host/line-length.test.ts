// Lines under 121 characters (biome's lineWidth), tests included: biome cannot break a string or a
// regex literal, so a long message or pattern is split by hand (`'…' + '…'`, String.raw parts).
import { expect, it } from 'vitest'
import { linesMatching } from './test-support/source-lines.ts'

/** bench/ is being reworked on its own branch; the clock plugin is source text kept as the plugin's file. */
const EXEMPT = ['bench/report.test.ts', 'host/snapshot/test-support/clock-project.ts']

it('no line of host/, lib/, plugins/ or bench/ is over 120 characters', () => {
  expect(linesMatching(/^.{121,}$/u, (file) => EXEMPT.includes(file))).toEqual([])
})
