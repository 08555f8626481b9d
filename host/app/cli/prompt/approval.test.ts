import type { RequestPermissionRequest } from '@agentclientprotocol/sdk'
import { describe, expect, it } from 'vitest'
import { answerPermission, approvalPolicy } from './approval.ts'

const request: RequestPermissionRequest = {
  sessionId: 's',
  toolCall: { toolCallId: 'c1', title: 'bash: rm -rf build' },
  options: [
    { optionId: 'once', name: 'Allow once', kind: 'allow_once' },
    { optionId: 'always', name: 'Always allow', kind: 'allow_always' },
    { optionId: 'no', name: 'Reject', kind: 'reject_once' },
  ],
}

/** An `ask` that answers from a list and records the questions. */
function answering(...answers: string[]) {
  const questions: string[] = []
  const ask = async (question: string) => {
    questions.push(question)
    return answers.shift()
  }
  return { ask, questions }
}

describe('approvals', () => {
  it('asks with the title and numbered options, and reads y / n / a number', async () => {
    const chosen = async (answer: string) => {
      const { ask, questions } = answering(answer)
      const response = await answerPermission(request, 'ask', ask, () => {})
      expect(questions[0]).toBe('Allow bash: rm -rf build? 1) Allow once  2) Always allow  3) Reject [y/n/number]: ')
      return response.outcome.outcome === 'selected' ? response.outcome.optionId : 'cancelled'
    }
    expect(await chosen(' Y ')).toBe('once')
    expect(await chosen('no')).toBe('no')
    expect(await chosen('2')).toBe('always')
    // Out of range or not an answer: asked again, then (input ended) rejected.
    expect(await chosen('4')).toBe('no')
    expect(await chosen('maybe')).toBe('no')
  })

  it('asks again after an answer that names no option', async () => {
    const notes: string[] = []
    const { ask, questions } = answering('sure', '2')
    const response = await answerPermission(request, 'ask', ask, (line) => notes.push(line))
    expect(response).toEqual({ outcome: { outcome: 'selected', optionId: 'always' } })
    expect(questions).toHaveLength(2)
    expect(notes).toEqual(["  answer y, n or an option's number (1-3)"])
  })

  it('rejects, saying how to allow, when there is no terminal or the input ends', async () => {
    for (const ask of [undefined, answering().ask]) {
      const notes: string[] = []
      const response = await answerPermission(request, 'ask', ask, (line) => notes.push(line))
      expect(response).toEqual({ outcome: { outcome: 'selected', optionId: 'no' } })
      expect(notes.at(-1)).toMatch(/^dsh: rejected bash: rm -rf build: no answer .*; pass --yes to allow tool calls$/)
    }
  })

  it('answers by --yes / --reject without asking', async () => {
    const { ask, questions } = answering('n')
    expect(await answerPermission(request, 'yes', ask, () => {})).toEqual({
      outcome: { outcome: 'selected', optionId: 'once' },
    })
    expect(await answerPermission(request, 'reject', ask, () => {})).toEqual({
      outcome: { outcome: 'selected', optionId: 'no' },
    })
    expect(questions).toEqual([])
    expect(approvalPolicy({ yes: true })).toBe('yes')
    expect(approvalPolicy({ reject: true })).toBe('reject')
    expect(approvalPolicy({})).toBe('ask')
    expect(approvalPolicy({ yes: true, reject: true })).toBe('both')
  })
})
