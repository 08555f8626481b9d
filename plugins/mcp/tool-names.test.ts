import { expect, it } from 'vitest'
import { mcpToolName, modelSafeName } from './tool-names.ts'
import { schemaProblem } from './tool-schema.ts'

it('names a tool mcp__<server>__<tool> with only characters a model API accepts', () => {
  expect(mcpToolName('notes', 'read.page')).toBe('mcp__notes__read_page')
  expect(modelSafeName('a b/c-d_e')).toBe('a_b_c-d_e')
})

it('refuses a name over 64 characters instead of cutting it', () => {
  expect(mcpToolName('s', 'x'.repeat(55))).toBe(`mcp__s__${'x'.repeat(55)}`)
  expect(mcpToolName('s', 'x'.repeat(57))).toBeUndefined()
})

it('accepts an object schema and names what is wrong with anything else', () => {
  expect(schemaProblem({ type: 'object', properties: {} })).toBeUndefined()
  expect(schemaProblem({ type: 'string' })).toBe(
    'its inputSchema has type "string"; a tool\'s parameters must be "object"',
  )
  expect(schemaProblem([])).toBe('its inputSchema is not a JSON object')
  expect(schemaProblem({ type: 'object', properties: [] })).toBe('its inputSchema.properties is not an object')
})
