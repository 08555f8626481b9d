// Regenerates docs/corpus-strength.md:
//   npx tsx host/mutate/write-corpus-strength.ts [--jobs N] [--no-cache] [--no-unit]
// dsh mutate over the measured files (host/mutate/strength/targets.ts; cached results are reused),
// the unit tests of the plugins whose target counts them run against the corpus's survivors, and
// the page written from both with the equivalent mutants set aside.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { docFile, packageRoot } from '../../lib/package-root.ts'
import { plural } from '../../lib/plural.ts'
import { runMutate } from './run.ts'
import { EQUIVALENT_MUTANTS } from './strength/equivalent.ts'
import { isEquivalent, renderStrength } from './strength/render.ts'
import { STRENGTH_TARGETS } from './strength/targets.ts'
import { UnitCache } from './strength/unit-cache.ts'
import { unitKills } from './strength/unit-kills.ts'

const { values } = parseArgs({
  options: { jobs: { type: 'string' }, 'no-cache': { type: 'boolean' }, 'no-unit': { type: 'boolean' } },
})
const root = packageRoot
const log = (line: string) => process.stderr.write(`${line}\n`)
const run = await runMutate({
  root,
  files: STRENGTH_TARGETS.map((target) => join(root, target.file)),
  jobs: Number(values.jobs ?? 2),
  fresh: !!values['no-cache'],
  log,
})
const unitKilled = new Set<string>()
const unitCache = await UnitCache.open(root)
// --no-unit: the corpus alone (quicker; the corpus+unit targets then read as the corpus's numbers).
for (const target of STRENGTH_TARGETS.filter((t) => t.by === 'corpus+unit' && !values['no-unit'])) {
  const left = run.results.filter(
    (r) =>
      r.file === target.file &&
      (r.status === 'survived' || r.status === 'noCoverage') &&
      !isEquivalent(r, EQUIVALENT_MUTANTS),
  )
  const basis = await UnitCache.basis(root, target.file)
  const unknown = left.filter((r) => unitCache.get(unitCache.key(r, basis)) === undefined)
  log(`write-corpus-strength: ${target.file}: the unit tests against ${plural(unknown.length, 'survivor')}`)
  const killed = await unitKills(root, target.file, unknown)
  for (const r of unknown) unitCache.set(unitCache.key(r, basis), killed.has(r.id))
  for (const r of left) if (unitCache.get(unitCache.key(r, basis))) unitKilled.add(r.id)
}
await unitCache.save()
const stale = EQUIVALENT_MUTANTS.filter((e) => !run.results.some((r) => isEquivalent(r, [e])))
for (const e of stale) log(`write-corpus-strength: equivalent ${e.file}:${e.line} ${e.mutator} matches no mutant now`)
const page = renderStrength({
  date: new Date().toISOString().slice(0, 10),
  command: 'npx tsx host/mutate/write-corpus-strength.ts',
  targets: STRENGTH_TARGETS,
  results: run.results,
  equivalents: EQUIVALENT_MUTANTS,
  unitKilled,
  skipped: run.skipped,
})
await writeFile(join(root, 'docs', 'corpus-strength.md'), page)
log(`write-corpus-strength: wrote ${docFile('corpus-strength.md')}`)
