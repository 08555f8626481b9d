import { z } from 'zod'

export const SubagentsConfig = z
  .strictObject({
    /** How deep children may nest: 1 lets a session spawn children that cannot spawn their own. */
    maxDepth: z.int().min(1).max(8).default(1),
    /** Model calls a child may make in its one turn before it fails with its step limit. */
    maxSteps: z.int().positive().default(10),
    /** Subagents one step of a session may start; further task calls of that step are refused by name. */
    maxPerStep: z.int().min(1).max(256).default(16),
    /** The children's model; absent: the agent's. */
    model: z.string().min(1).optional(),
  })
  .prefault({})

export type SubagentsConfig = z.output<typeof SubagentsConfig>
export type SubagentsConfigInput = z.input<typeof SubagentsConfig>
