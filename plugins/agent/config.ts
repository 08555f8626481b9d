import { z } from 'zod'

const DEFAULT_SYSTEM_PROMPT = [
  "You are dsh, a careful coding agent working inside the user's project directory.",
  "Use the tools to inspect and change files and to run commands; never guess a file's content.",
  'Paths are relative to the project directory. Keep answers short and say what you changed.',
].join('\n')

export const AgentConfig = z.strictObject({
  /** The model name the llm service dispatches on. */
  model: z.string().min(1).default('deepseek-chat'),
  systemPrompt: z.string().default(DEFAULT_SYSTEM_PROMPT),
  /** Model calls allowed in one turn before it ends with `max_turn_requests`. */
  maxStepsPerTurn: z.number().int().positive().default(25),
  maxTokens: z.number().int().positive().optional(),
  /**
   * Retries of a model call that failed with a 429, a 5xx or a broken connection before any chunk
   * reached the client (docs/retries.md); 0 turns retrying off.
   */
  retries: z.number().int().nonnegative().max(20).default(3),
  /** The first backoff; each next one doubles, up to `retryMaxDelayMs`. A `Retry-After` wins. */
  retryDelayMs: z.number().int().nonnegative().default(1000),
  retryMaxDelayMs: z.number().int().nonnegative().default(30_000),
  /**
   * The context window `usage_update` reports as `size` (tokens); DeepSeek's chat models have 128K.
   * Compaction reads the adapter's window for the model when it declares one, else this.
   */
  contextWindow: z.number().int().positive().default(131_072),
  /**
   * Compaction (docs/compaction.md): before a model call whose request would take more than
   * `threshold` of the context window, the history is summarised (a model call of purpose `compaction`).
   */
  compaction: z
    .strictObject({
      threshold: z
        .number()
        .gt(0, 'compaction.threshold is a fraction of the context window: above 0')
        .lte(1, 'compaction.threshold is a fraction of the context window: at most 1'),
    })
    .prefault({ threshold: 0.8 }),
  /**
   * Project instructions: every file of `files` at the session cwd goes into the system prompt, each
   * in its own block; one over `maxBytes` or not UTF-8 fails the prompt by name (docs/project-instructions.md).
   */
  instructions: z
    .strictObject({
      files: z.array(z.string().min(1)).default(['AGENTS.md']),
      maxBytes: z.number().int().positive().default(32_768),
    })
    .prefault({}),
  /** Prices per million tokens: when set, `usage_update` carries the session's cumulative cost. */
  pricing: z
    .strictObject({
      currency: z.string().min(1),
      inputPerMillion: z.number().nonnegative(),
      outputPerMillion: z.number().nonnegative(),
      /** Input tokens served from the provider's cache; `inputPerMillion` when absent. */
      cachedInputPerMillion: z.number().nonnegative().optional(),
    })
    .optional(),
})

export type AgentConfig = z.infer<typeof AgentConfig>
