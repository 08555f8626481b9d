#!/usr/bin/env node
// dsh entry point: runs the compiled CLI (dist/) for a fast start, without a TypeScript loader.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const cli = new URL('../dist/host/app/cli.js', import.meta.url)
if (!existsSync(cli)) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  process.stderr.write(`dsh: ${fileURLToPath(cli)} is missing; run \`npm run build\` in ${root} first\n`)
  process.exit(1)
}
const { main } = await import(cli.href)
process.exit(await main(process.argv.slice(2)))
