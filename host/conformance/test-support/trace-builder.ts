// Hand-built case traces for the conformance checks' tests, and shorthands for evaluating one check.
import type { RequestOutcome } from '../../../lib/acp-script/outcome.ts'
import { stepLabel } from '../../../lib/acp-script/describe.ts'
import type { CaseCheck } from '../case-schema.ts'
import { evaluateCheck } from '../checks.ts'
import { type CaseTrace, emptyTrace, type StepRecord } from '../trace.ts'

/** A hand-built trace: steps and wire messages share one counter, as in a real run. */
export function builder() {
  const trace = emptyTrace('/work/case')
  let seq = 0
  let rpcId = 0
  const wire = (dir: 'in' | 'out', message: Record<string, unknown>) =>
    trace.wire.push({ seq: ++seq, at: seq * 10, dir, message })
  return {
    trace,
    step(op: StepRecord['op'], as?: string, extra: Partial<StepRecord> = {}) {
      const index = trace.steps.length
      const label = stepLabel(index, op, as)
      const record: StepRecord = { index, op, ...(as ? { as } : {}), label, startSeq: ++seq, ...extra }
      trace.steps.push(record)
      return record
    },
    end(record: StepRecord, outcome?: RequestOutcome) {
      record.endSeq = ++seq
      if (outcome) record.outcome = outcome
    },
    session(name: string, id: string) {
      trace.sessions.set(name, id)
    },
    update(sessionId: string, update: Record<string, unknown>) {
      wire('in', { jsonrpc: '2.0', method: 'session/update', params: { sessionId, update } })
    },
    chunk(sessionId: string, text: string, kind = 'agent_message_chunk') {
      this.update(sessionId, { sessionUpdate: kind, content: { type: 'text', text } })
    },
    /** A session/prompt request on the wire; returns a function that answers it. */
    promptRequest(sessionId: string) {
      const id = ++rpcId
      wire('out', { jsonrpc: '2.0', id, method: 'session/prompt', params: { sessionId, prompt: [] } })
      return (stopReason = 'end_turn') => wire('in', { jsonrpc: '2.0', id, result: { stopReason } })
    },
  }
}

export const check = (c: CaseCheck, trace: CaseTrace) => evaluateCheck(c, trace)
export const ok = (result: unknown): RequestOutcome => ({ kind: 'ok', result })
export const failed = (code: number, message: string): RequestOutcome => ({ kind: 'error', error: { code, message } })
