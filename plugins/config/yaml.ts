import { CORE_SCHEMA, load, Type, YAMLException, type State } from 'js-yaml'
import { ConfigError } from './errors.ts'
import { type PositionTable, recordPositions } from './yaml-positions.ts'

export type EnvSource = Readonly<Record<string, string | undefined>>

interface ParseYamlOptions {
  /** Shown in every error message (a file path or a label). */
  filename: string
  /** Where `!env` reads variables; tests pass a plain object. */
  env?: EnvSource
  /**
   * Evaluate an unset variable without default as "" instead of failing. Only for probing the
   * composition's shape (ids, disabled flags) before `.env` is loaded; never for booting.
   */
  lenientEnv?: boolean
  /** Filled with where each mapping key and sequence item was written (see yaml-positions.ts). */
  positions?: PositionTable
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * Parse a composition or overlay file. The schema is YAML 1.2 core plus `!env`; js-yaml 4 has no
 * JavaScript types, and any other explicit tag is an "unknown tag" error, so no value evaluates code.
 */
export function parseYaml(text: string, options: ParseYamlOptions): unknown {
  const { filename, env = process.env, lenientEnv = false, positions } = options
  const record = positions && recordPositions(positions)
  // js-yaml hands `construct` no position; the listener keeps the parser state so an `!env`
  // error can name its line.
  let state: State | undefined
  const where = () => (state ? `${filename}:${state.line + 1}` : filename)

  const lookup = (name: unknown, fallback: { value: unknown } | undefined): unknown => {
    if (typeof name !== 'string' || !ENV_NAME.test(name)) {
      throw new ConfigError(
        `${where()}: !env expects a variable name like DSH_FOO, got ${JSON.stringify(name)}; write !env NAME or !env ` +
          `[NAME, default]`,
      )
    }
    const value = env[name]
    if (value !== undefined) return value
    if (fallback) return fallback.value
    if (lenientEnv) return ''
    throw new ConfigError(
      `${where()}: environment variable ${name} is not set and "!env ${name}" has no default; set ${name}, or write ` +
        `!env [${name}, <default>] in ${filename}`,
    )
  }

  const envScalar = new Type('!env', {
    kind: 'scalar',
    resolve: () => true,
    construct: (data: unknown) => lookup(data, undefined),
  })
  const envSequence = new Type('!env', {
    kind: 'sequence',
    resolve: () => true,
    construct: (data: unknown[] | null) => {
      if (!data || data.length < 1 || data.length > 2) {
        throw new ConfigError(`${where()}: !env takes [NAME] or [NAME, default], got ${JSON.stringify(data)}`)
      }
      return lookup(data[0], data.length === 2 ? { value: data[1] } : undefined)
    },
  })
  const schema = CORE_SCHEMA.extend([envScalar, envSequence])

  let result: unknown
  try {
    result = load(text, {
      schema,
      filename,
      listener: (event, current) => {
        state = current
        record?.(event, current)
      },
    })
  } catch (error) {
    if (error instanceof YAMLException) throw yamlSyntaxError(error, filename)
    throw error
  }
  assertDataOnly(result, filename)
  return result
}

function yamlSyntaxError(error: YAMLException, filename: string): ConfigError {
  const mark = (error as YAMLException & { mark?: { line: number; column: number; snippet?: string } }).mark
  const position = mark ? `${filename}:${mark.line + 1}:${mark.column + 1}` : filename
  const snippet = mark?.snippet ? `\n${mark.snippet}` : ''
  return new ConfigError(`${position}: invalid YAML: ${error.reason}; fix the file at that position${snippet}`, {
    cause: error,
  })
}

/**
 * The Cordis Loader evaluates any config object carrying a `__jsExpr` key as JavaScript.
 * Compositions and overlays are data only, so such a key is refused wherever it appears.
 */
export function assertDataOnly(value: unknown, source: string, path: (string | number)[] = []): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => assertDataOnly(item, source, [...path, index]))
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '__jsExpr') {
        throw new ConfigError(
          `${source}: key "__jsExpr" at ${[...path, key].join('.')} is not allowed (the Loader would evaluate it as ` +
            `code); config values are data only`,
        )
      }
      assertDataOnly(item, source, [...path, key])
    }
  }
}
