// zod 4 compiles an object schema's parser with `new Function` on its first synchronous parse.
// In a fresh process that compile is the dearest part of a parse: it pays back only after about
// 2,000 parses of the schema (docs/benchmarks.md, issue 36), and a process that serves one agent
// (`dsh serve`, `dsh prompt`, `dsh chat`) parses most of its schemas a handful of times: its
// configuration, scope and composition once, each ACP method's parameters once per request, a
// fixture's events once. Such a process parses plainly: the same checks, the same issues, no compile.
// Processes that parse the same schemas thousands of times (`dsh test`, its workers, vitest) keep
// the compiled parsers.
import { z } from 'zod'

/**
 * From now on, schemas this process builds parse without compiling. zod reads the setting when it
 * builds a schema, so call it before the modules whose schemas it should cover are imported; it
 * holds for the whole process (not for a test worker that shares zod with other tests).
 */
export function parsePlainly(): void {
  z.config({ jitless: true })
}
