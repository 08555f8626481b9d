// `--json FILE`: counts (killed, survived, timeout, noCoverage) per file and in total, and every
// mutant with its status, change and the scenarios that ran it. The schema is the contract.
import { z } from 'zod'
import { MUTANT_STATUSES, type MutantResult } from './model.ts'
import type { MutateRun } from './run.ts'
import { summarize, summarizeByFile } from './summary.ts'

const SummarySchema = z.strictObject({
  killed: z.number().int(),
  survived: z.number().int(),
  timeout: z.number().int(),
  noCoverage: z.number().int(),
  total: z.number().int(),
  score: z.number().nullable(),
})

const MutantSchema = z.strictObject({
  file: z.string(),
  line: z.number().int(),
  column: z.number().int(),
  mutator: z.string(),
  original: z.string(),
  replacement: z.string(),
  status: z.enum(MUTANT_STATUSES),
  coveredBy: z.array(z.string()),
  killedBy: z.string().optional(),
  cached: z.boolean().optional(),
})

export const MutateJsonSchema = z.strictObject({
  files: z.record(z.string(), SummarySchema),
  total: SummarySchema,
  mutants: z.array(MutantSchema),
  skippedScenarios: z.record(z.string(), z.string()),
  leftOut: z.number().int(),
  interrupted: z.boolean(),
})

export type MutateJson = z.infer<typeof MutateJsonSchema>

const mutantJson = (result: MutantResult): z.infer<typeof MutantSchema> => ({
  file: result.file,
  line: result.line,
  column: result.location.start.column,
  mutator: result.mutator,
  original: result.original,
  replacement: result.replacement,
  status: result.status,
  coveredBy: result.coveredBy,
  ...(result.killedBy ? { killedBy: result.killedBy } : {}),
  ...(result.cached ? { cached: true } : {}),
})

export function mutateJson(run: MutateRun): MutateJson {
  return {
    files: summarizeByFile(run.files, run.results),
    total: summarize(run.results),
    mutants: run.results.map(mutantJson),
    skippedScenarios: run.skipped,
    leftOut: run.leftOut,
    interrupted: run.interrupted,
  }
}
