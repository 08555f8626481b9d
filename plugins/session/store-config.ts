// The `sessions` service's config: where the logs live, how durable an append is, and its clock.
import { z } from 'zod'
import { defaultSessionsRoot } from './default-root.ts'
import { refineSessionsRoot } from './root-check.ts'

export const Config = z
  .strictObject({
    /** Folder of `<id>.jsonl` (relative: to the cwd at start); absent or null: DSH_SESSIONS_ROOT, else XDG. */
    root: z
      .string()
      .min(1)
      .nullish()
      .transform((root) => root ?? defaultSessionsRoot())
      .superRefine(refineSessionsRoot),
    /** fsync after every append: survives power loss, not just a killed process. */
    fsync: z.boolean().default(false),
    /** fsync each log when the store stops; a test host's throwaway logs skip it (a disk sync per run). */
    syncOnClose: z.boolean().default(true),
    /** Milliseconds clock for `createdAt` and event `time`; tests inject a fixed one. */
    clock: z
      .custom<() => number>((value) => typeof value === 'function', 'clock must be a function returning milliseconds')
      .optional(),
  })
  .prefault({})

export type SessionStoreConfig = z.input<typeof Config>
export type ParsedConfig = z.output<typeof Config>
