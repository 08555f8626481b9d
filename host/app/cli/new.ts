// `dsh new NAME`: scaffold scenarios/NAME/ (manifest, input script, model script, each naming its
// JSON Schema for editors) and add NAME to the project's scenario table when it keeps one.
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { KEBAB_NAME } from '../../../lib/closed-object.ts'
import { UsageError, stringOption, type CliCommand } from './command.ts'
import { existingFileOption, rootOption } from './path-options.ts'
import { newHelp } from './command-help.ts'

export const newCommand: CliCommand = {
  ...newHelp,
  async run({ values, positionals }, io) {
    const [name, ...more] = positionals
    if (name === undefined || more.length)
      throw new UsageError('dsh new takes exactly one scenario name, e.g. dsh new read-config')
    if (!KEBAB_NAME.test(name))
      throw new UsageError(
        `"${name}" is not a scenario name; use kebab-case (a-z, 0-9, single hyphens), e.g. read-config`,
      )
    const headerClass = stringOption(values, 'class') ?? 'default'
    if (!KEBAB_NAME.test(headerClass)) throw new UsageError(`--class ${headerClass}: use a kebab-case class name`)
    const root = rootOption(values)
    const dir = join(root, 'scenarios', name)
    if (existsSync(dir)) throw new UsageError(`scenarios/${name} already exists; pick another name`)
    if (values['from-session'] !== undefined)
      return (await import('./new-from-session.ts')).newFromSession(name, root, values, io)
    if (values.workspace !== undefined) throw new UsageError('--workspace only applies with --from-session ID|PATH')
    if (values.keep !== undefined) throw new UsageError('--keep only applies with --from-session ID|PATH')

    const { discoverScenarios } = await import('../../snapshot/scenario/discover.ts')
    const { scaffoldScenario } = await import('../../snapshot/scenario/scaffold.ts')
    const { addToTable, listTables } = await import('../../snapshot/vitest/suite-files.ts')
    const tableOption = existingFileOption(values, 'table')
    const tables = tableOption ? [resolve(tableOption)] : listTables(join(root, 'scenarios'))
    if (tables.length > 1)
      throw new UsageError(
        `several tables list scenarios (${tables.map((t) => relative(root, t)).join(', ')}); ` +
          'choose one with --table FILE',
      )
    const { scenarios } = existsSync(join(root, 'scenarios')) ? await discoverScenarios(root) : { scenarios: [] }
    const hasPin = scenarios.some((s) => s.manifest.header?.class === headerClass && s.manifest.header.pin)
    const files = scaffoldScenario({
      name,
      dir,
      description: stringOption(values, 'description'),
      headerClass,
      pin: !hasPin,
    })
    await mkdir(dir, { recursive: true })
    for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text)
    const written = Object.keys(files).map((file) => `scenarios/${name}/${file}`)
    if (tables[0]) {
      await writeFile(tables[0], addToTable(await readFile(tables[0], 'utf8'), name))
      written.push(`${relative(root, tables[0])} (added ${name})`)
    }
    io.stdout(
      [
        ...written.map((file) => `wrote ${file}`),
        '',
        'Next: fill in the TODOs (the prompt in input.json, the answer in model.yml), then record keylessly:',
        `  npx dsh test ${name} --mode record --stub`,
        '',
      ].join('\n'),
    )
    return 0
  },
}
