// Every scenario of this repository points editors at its JSON Schemas: the manifest's (and the
// model script's) first line is the yaml-language-server comment, input.json carries "$schema"; the
// paths resolve to the published schema files (`dsh new` writes them so for new scenarios).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageFile } from '../../../lib/package-root.ts'
import {
  brokenSchemaReferences,
  inputSchemaReference,
  manifestSchemaComment,
  modelSchemaComment,
} from './schema-references.ts'

const scenarios = readdirSync(packageFile('scenarios')).filter((name) =>
  existsSync(packageFile('scenarios', name, 'snapshot.yml')),
)

describe('schema references in the corpus', () => {
  it('covers every scenario folder', () => {
    expect(scenarios.length).toBeGreaterThan(30)
  })

  it.each(scenarios)('%s references both schemas', (name) => {
    const dir = packageFile('scenarios', name)
    const manifest = readFileSync(join(dir, 'snapshot.yml'), 'utf8')
    const input = JSON.parse(readFileSync(join(dir, 'input.json'), 'utf8')) as { $schema?: string }
    expect(manifest.split('\n')[0]).toBe(manifestSchemaComment(dir))
    expect(input.$schema).toBe(inputSchemaReference(dir))
    expect(existsSync(resolve(dir, input.$schema!))).toBe(true)
    const model = join(dir, 'model.yml')
    if (existsSync(model)) expect(readFileSync(model, 'utf8').split('\n')[0]).toBe(modelSchemaComment(dir))
    expect(brokenSchemaReferences(dir)).toEqual([])
  })
})
