// A plugin written by a scenario's author that plays another program touching dsh's files: its
// tool replaces the calling session's log with a byte-identical copy (a new file at the log's
// name), as an editor saving it or a sync tool restoring it would. This folder's cordis.patch.yml
// inserts it.
import { copyFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'

export const name = 'replace-log'
export const inject = ['tools', 'sessions']

export const apply = (ctx) => {
  ctx.tools.register(
    {
      name: 'replace_log',
      description: 'Replace this session log with a copy of itself.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      kind: 'other',
      needsApproval: false,
      title: () => 'replace_log',
      run: async (_args, context) => {
        const log = join(ctx.sessions.root, `${context.origin.sessionId}.jsonl`)
        copyFileSync(log, `${log}.copy`)
        renameSync(`${log}.copy`, log)
        return { output: 'replaced', isError: false }
      },
    },
    ctx,
  )
}
