import { describe, expect, it } from 'vitest'
import { sampleMutants } from './sample.ts'

const mutants = [
  ...Array.from({ length: 60 }, (_, i) => ({ id: `a${i}`, file: 'a.ts', mutator: 'StringLiteral' })),
  ...Array.from({ length: 30 }, (_, i) => ({ id: `b${i}`, file: 'a.ts', mutator: 'BooleanLiteral' })),
  ...Array.from({ length: 10 }, (_, i) => ({ id: `c${i}`, file: 'b.ts', mutator: 'StringLiteral' })),
]

describe('sampleMutants', () => {
  it('takes exactly N, each stratum in proportion', () => {
    const sample = sampleMutants(mutants, 10)
    expect(sample).toHaveLength(10)
    expect(sample.filter((m) => m.id.startsWith('a'))).toHaveLength(6)
    expect(sample.filter((m) => m.id.startsWith('b'))).toHaveLength(3)
    expect(sample.filter((m) => m.id.startsWith('c'))).toHaveLength(1)
  })

  it('is deterministic and keeps the input order', () => {
    const sample = sampleMutants(mutants, 7)
    expect(sampleMutants(mutants, 7)).toEqual(sample)
    expect(sample.map((m) => mutants.indexOf(m))).toEqual(
      [...sample.map((m) => mutants.indexOf(m))].sort((x, y) => x - y),
    )
  })

  it('gives the remainder to the largest fractions, and everything when N is not smaller', () => {
    expect(sampleMutants(mutants, 3).map((m) => m.id[0])).toEqual(['a', 'a', 'b'])
    expect(sampleMutants(mutants, 500)).toHaveLength(100)
  })
})
