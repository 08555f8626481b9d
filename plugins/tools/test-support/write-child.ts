// A process that runs one file tool call and prints its result as a JSON line, for faults only a
// process shows (run with `node --import tsx`): a file size limit (`ulimit -f`), and a kill -9 in
// the middle of a write. Arguments: cwd, then the call as JSON `{ tool, args, fill?, pause? }`;
// `fill: {key, bytes}` sets args[key] to that many "x"; `pause` makes the first write the process
// makes through a FileHandle wait forever after printing `paused`, so a test kills it at that point.
import { open } from 'node:fs/promises'
import { createEditFileTool } from '../edit-file.ts'
import { createWriteFileTool } from '../write-file.ts'

const [cwd, json] = process.argv.slice(2)
const call = JSON.parse(json!) as {
  tool: 'write_file' | 'edit_file'
  args: Record<string, unknown>
  fill?: { key: string; bytes: number }
  pause?: boolean
}
if (call.fill) call.args[call.fill.key] = 'x'.repeat(call.fill.bytes)
if (call.pause) {
  const probe = await open(process.execPath, 'r')
  const proto = Object.getPrototypeOf(probe) as { write: unknown }
  await probe.close()
  proto.write = () => {
    process.stdout.write('paused\n')
    return new Promise(() => {})
  }
}
const tools = { write_file: createWriteFileTool, edit_file: createEditFileTool }
const tool = tools[call.tool]({ readMaxBytes: 1024 })
const result = await tool.run(call.args, { cwd: cwd!, signal: new AbortController().signal })
process.stdout.write(`${JSON.stringify(result)}\n`)
