import type * as acp from '@agentclientprotocol/sdk'
import { expect, it } from 'vitest'
import { QuestionInbox } from './questions.ts'

const question = (sessionId: string, message: string) =>
  ({ sessionId, mode: 'form', message, requestedSchema: { type: 'object' } }) as acp.CreateElicitationRequest

it('holds each question until a step of its session takes and answers it, in order', async () => {
  const inbox = new QuestionInbox(true)
  const first = inbox.receive(question('s1', 'one?'), new AbortController().signal)
  const other = inbox.receive(question('s2', 'two?'), new AbortController().signal)
  const taken = await inbox.next('s1')
  expect(taken.params.message).toBe('one?')
  taken.answer({ action: 'accept', content: { answer: 'yes' } })
  expect(await first).toEqual({ action: 'accept', content: { answer: 'yes' } })
  // A step may wait for a question not asked yet.
  const waiting = inbox.next('s1')
  const third = inbox.receive(question('s1', 'three?'), new AbortController().signal)
  ;(await waiting).answer({ action: 'decline' })
  expect(await third).toEqual({ action: 'decline' })
  expect(inbox.leftovers()).toEqual([expect.stringContaining('asked 1 question no answerQuestion step took ("two?")')])
  ;(await inbox.next('s2')).answer({ action: 'cancel' })
  expect(await other).toEqual({ action: 'cancel' })
  expect(inbox.problems).toEqual([])
})

it('answers a withdrawn question cancel, and refuses every question when elicitation was not advertised', async () => {
  const inbox = new QuestionInbox(true)
  const controller = new AbortController()
  const held = inbox.receive(question('s1', 'held?'), controller.signal)
  const taken = await inbox.next('s1')
  controller.abort()
  await taken.withdrawn
  expect(await held).toEqual({ action: 'cancel' })
  const refusing = new QuestionInbox(false)
  await expect(refusing.receive(question('s1', 'x?'), new AbortController().signal)).rejects.toThrow(
    /does not advertise/,
  )
  expect(refusing.problems).toEqual([
    'the agent sent elicitation/create, but the client does not advertise elicitation',
  ])
})
