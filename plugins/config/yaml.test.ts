import { describe, expect, test } from 'vitest'
import { ConfigError } from './errors.ts'
import { parseYaml } from './yaml.ts'

const parse = (text: string, env: Record<string, string> = {}) => parseYaml(text, { filename: 'cordis.yml', env })

describe('parseYaml', () => {
  test('reads plain YAML 1.2 data', () => {
    expect(parse('- id: a\n  name: ./a\n  config: { n: 1, on: true, list: [x, null] }\n')).toEqual([
      { id: 'a', name: './a', config: { n: 1, on: true, list: ['x', null] } },
    ])
  })

  test('!env NAME reads the variable', () => {
    expect(parse('key: !env HOME_DIR\n', { HOME_DIR: '/home/me' })).toEqual({ key: '/home/me' })
  })

  test('!env [NAME, default] uses the variable when set and the default otherwise', () => {
    expect(parse('a: !env [ROOT, ./.sessions]\n', { ROOT: '/tmp/s' })).toEqual({ a: '/tmp/s' })
    expect(parse('a: !env [ROOT, ./.sessions]\nb: !env [N, 3]\n')).toEqual({ a: './.sessions', b: 3 })
  })

  test('an unset !env variable without default names file, line, variable and the fix', () => {
    const text = 'first: 1\nsecond:\n  key: !env DSH_MISSING\n'
    expect(() => parse(text)).toThrow(ConfigError)
    expect(() => parse(text)).toThrow(
      new RegExp(
        String.raw`^cordis\.yml:3: environment variable DSH_MISSING is not set .*set DSH_MISSING, or write !env ` +
          String.raw`\[DSH_MISSING, <default>\]`,
      ),
    )
    expect(() => parse('- !env [DSH_MISSING]\n')).toThrow(/cordis\.yml:1: environment variable DSH_MISSING is not set/)
  })

  test('lenientEnv evaluates an unset variable as an empty string', () => {
    expect(parseYaml('k: !env DSH_MISSING\n', { filename: 'x.yml', env: {}, lenientEnv: true })).toEqual({ k: '' })
  })

  test('!env rejects a malformed variable name or argument list', () => {
    expect(() => parse('k: !env "not a name"\n')).toThrow(/cordis\.yml:1: !env expects a variable name/)
    expect(() => parse('k: !env [A, b, c]\n')).toThrow(/!env takes \[NAME\] or \[NAME, default\]/)
  })

  test('a syntax error reports file, line and column', () => {
    const text = '- id: a\n  name: ./a\n - id: b\n'
    let error: unknown
    try {
      parse(text)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as Error).message).toMatch(/^cordis\.yml:3:2: invalid YAML: /)
  })

  test('code-like and unknown tags are errors, never evaluated', () => {
    expect(() => parse('f: !!js/function "function () { return 1 }"\n')).toThrow(
      /cordis\.yml:1:\d+: invalid YAML: unknown tag/,
    )
    expect(() => parse('f: !include other.yml\n')).toThrow(/unknown tag !<!include>/)
  })

  test('a __jsExpr key is refused because the Loader would evaluate it', () => {
    expect(() => parse('- id: a\n  name: ./a\n  config:\n    x: { __jsExpr: "process.exit(1)" }\n')).toThrow(
      /cordis\.yml: key "__jsExpr" at 0\.config\.x\.__jsExpr is not allowed/,
    )
  })
})
