// The keys and words `dsh review` takes: a single key keeps its case (A is the whole scenario).
import { describe, expect, it } from 'vitest'
import { parseReviewAnswer } from './review-choice.ts'

describe('parseReviewAnswer', () => {
  it('reads single keys by case, words in any case, Enter as skip and Ctrl-C as quit', () => {
    expect(parseReviewAnswer('a')).toBe('accept')
    expect(parseReviewAnswer('A')).toBe('accept-scenario')
    expect(parseReviewAnswer('r')).toBe('reject')
    expect(parseReviewAnswer('R')).toBe('reject-scenario')
    expect(parseReviewAnswer('Accept All')).toBe('accept-scenario')
    expect(parseReviewAnswer(' reject \n')).toBe('reject')
    expect(parseReviewAnswer('\r')).toBe('skip')
    expect(parseReviewAnswer('')).toBe('skip')
    expect(parseReviewAnswer('\u0003')).toBe('quit')
    expect(parseReviewAnswer('x')).toBeUndefined()
    expect(parseReviewAnswer('aa')).toBeUndefined()
  })
})
