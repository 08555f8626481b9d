// Test helper run as a child process by durability.test.ts, which SIGKILLs it.
// Usage: node append-child.mjs <root> <count|forever>
// Plain JavaScript on the built store (the unit project's global setup keeps dist/ fresh), so the
// child starts without a TypeScript loader.
// Prints "seq <n>" after each append returns (written synchronously, so the parent
// only ever hears of appends that already returned), then "done" and idles.
import { writeSync } from 'node:fs'
import { Context } from 'cordis'
import { SessionStore } from '../../../dist/plugins/session/index.js'

const [root, mode] = process.argv.slice(2)
if (!root || !mode) throw new Error('append-child.mjs: usage: append-child.mjs <root> <count|forever>')

const ctx = new Context()
await ctx.plugin(SessionStore, { root })
const { id } = ctx.sessions.create({ cwd: process.cwd(), id: 'durable' })
/** stdout is a non-blocking pipe: when the parent reads slowly a write can fail with EAGAIN; retry it. */
/** @param {string} line */
function report(line) {
  for (;;) {
    try {
      writeSync(1, line)
      return
    } catch (error) {
      if (error?.code !== 'EAGAIN') throw error
    }
  }
}

const limit = mode === 'forever' ? Infinity : Number(mode)
for (let seq = 1; seq <= limit; seq++) {
  ctx.sessions.append(id, 'assistant/chunk', {
    turn: 1,
    step: 1,
    chunk: { type: 'text-delta', text: `chunk ${seq} `.repeat(20) },
  })
  report(`seq ${seq}\n`)
}
report('done\n')
// Stay alive with the fd open until the parent kills us: nothing may depend on a clean exit.
setInterval(() => {}, 60_000)
