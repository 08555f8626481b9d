// Loaded into every node process of a measured `dsh test` (NODE_OPTIONS=--import, which the
// workers inherit): at exit it appends the process's own user and system CPU, and its role, to the
// file DSH_BENCH_PROCESS_CPU names, one JSON line per process (bench/process-cpu.ts reads them).
import { appendFileSync } from 'node:fs'

const file = process.env.DSH_BENCH_PROCESS_CPU
const role = () => {
  if (process.argv.some((arg) => arg.includes('run/jobs/worker'))) return 'worker'
  return process.argv[1]?.endsWith('dsh.js') ? 'parent' : 'other'
}

if (file)
  process.on('exit', () => {
    const usage = process.resourceUsage()
    const line = { role: role(), userMs: usage.userCPUTime / 1000, systemMs: usage.systemCPUTime / 1000 }
    appendFileSync(file, `${JSON.stringify(line)}\n`)
  })
