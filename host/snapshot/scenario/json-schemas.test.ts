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
    expect(input.properties.$schema.type).toBe('string')
    const steps = input.properties.steps.items
    // Discriminated by op for editors: no bare oneOf, one conditional branch per op.
    expect(steps.oneOf).toBeUndefined()
    const ops = [
      'initialize',
      'newSession',
      'loadSession',
      'prompt',
      'cancel',
      'setMode',
      'setConfigOption',
      'setModel',
      'listSessions',
      'await',
      'authenticate',
      'resumeSession',
      'closeSession',
      'deleteSession',
      'forkSession',
      'logout',
      'answerQuestion',
      'waitFor',
      'waitUpdate',
    ]
    expect(steps.properties.op.enum).toEqual(ops)
    expect(
      steps.allOf.map((branch: { if: { properties: { op: { const: string } } } }) => branch.if.properties.op.const),
    ).toEqual(ops)
    const prompt = steps.allOf[3].then
    expect(prompt.additionalProperties).toBe(false)
    expect(prompt.required).toEqual(['op'])
    expect(Object.keys(prompt.properties)).toContain('sessionId')
  })
})
