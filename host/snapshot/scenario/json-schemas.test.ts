import { readFile } from 'node:fs/promises'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SCHEMA_FILES, renderSchemaFile, type SchemaFile } from './json-schemas.ts'
import { packageRoot } from '../../../lib/package-root.ts'

const repoRoot = pathToFileURL(`${packageRoot}/`)

describe('published JSON Schemas', () => {
  it.each(Object.keys(SCHEMA_FILES) as SchemaFile[])('%s is up to date with the zod schema', async (file) => {
    const committed = await readFile(new URL(file, repoRoot), 'utf8').catch(() => '(missing)')
    // On failure: regenerate with `npx tsx host/snapshot/scenario/write-schemas.ts` and commit the result.
    expect(committed, `${file} is stale; run: npx tsx host/snapshot/scenario/write-schemas.ts`).toBe(
      renderSchemaFile(file),
    )
  })

  it('closes the manifest and the input script', () => {
    const manifest = JSON.parse(renderSchemaFile('schemas/snapshot.schema.json'))
    expect(manifest.additionalProperties).toBe(false)
    expect(manifest.required).toEqual(['scenario', 'description', 'recording'])
    const input = JSON.parse(renderSchemaFile('schemas/input.schema.json'))
    const ops = input.properties.steps.items.oneOf.map(
      (option: { properties: { op: { const: string } } }) => option.properties.op.const,
    )
    expect(ops).toEqual([
      'initialize',
      'newSession',
      'loadSession',
      'prompt',
      'cancel',
      'setMode',
      'listSessions',
      'await',
      'waitFor',
    ])
  })
})
