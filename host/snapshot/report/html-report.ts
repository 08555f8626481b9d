import type { SuiteResult } from '../run/run-suite.ts'
export function renderHtmlReport(result: SuiteResult, meta: { mode: string; root: string }): string {
  return `<!doctype html><title>todo</title>${result.outcomes.length}${meta.mode}`
}
