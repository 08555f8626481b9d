import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ScenarioFileError } from './issues.ts'
import { expandEnvironment, loadManifest, parseManifest } from './manifest.ts'

const FILE = 'scenarios/text-turn/snapshot.yml'
const MINIMAL = 'scenario: text-turn\ndescription: One plain text turn.\nrecording: stub\n'

function parse(text: string, folder = 'text-turn') {
  return parseManifest(text, FILE, folder)
}

/** The error's message, asserting it is a ScenarioFileError naming the file. */
function errorOf(text: string, folder = 'text-turn'): string {
  try {
    parse(text, folder)
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioFileError)
    expect((error as Error).message).toContain(FILE)
    return (error as Error).message
  }
  throw new Error('expected the manifest to be rejected')
}

describe('parseManifest', () => {
  it('fills defaults for a minimal manifest', () => {
    expect(parse(MINIMAL)).toEqual({
      scenario: 'text-turn',
      description: 'One plain text turn.',
      composition: [],
      recording: 'stub',
      replay: 'derived',
      workspace: { final: false },
      platform: 'any',
      permissions: { unusedAnswers: 'error' },
      environment: {},
      redact: [],
      normalize: [],
      allow: [],
      expect: [],
    })
  })

  it('takes expect rules (a tool call or a text pattern) and refuses a bad pattern by its path', () => {
    const manifest = parse(
      `${MINIMAL}expect: [{ tool: write_file, args: { path: notes.md } }, { text: "version 2\\\\.1" }]\n`,
    )
    expect(manifest.expect).toEqual([{ tool: 'write_file', args: { path: 'notes.md' } }, { text: 'version 2\\.1' }])
    expect(() => parse(`${MINIMAL}expect: [{ text: "(" }]\n`)).toThrow(/expect\[0\]/)
  })

  it('takes redact and allow entries by secret-scan rule id or pattern', () => {
    const manifest = parse(
      [
        MINIMAL.trimEnd(),
        'redact: [{ rule: email, token: "{{secret:email}}" }, { pattern: "build \\\\d+", token: build-N }]',
        'allow: [{ rule: home-dir, file: session.jsonl }, { rule: jwt }]',
        '',
      ].join('\n'),
    )
    expect(manifest.redact).toEqual([
      { rule: 'email', token: '{{secret:email}}' },
      { pattern: 'build \\d+', token: 'build-N' },
    ])
    expect(manifest.allow).toEqual([{ rule: 'home-dir', file: 'session.jsonl' }, { rule: 'jwt' }])
  })

  it('names an unknown secret-scan rule with the near ones, and a pattern that is no regular expression', () => {
    expect(errorOf(`${MINIMAL}allow: [{ rule: e-mail }]\n`)).toMatch(
      /allow\[0\]\.rule.*"e-mail" is not a secret-scan rule; did you mean "email"\?/,
    )
    expect(errorOf(`${MINIMAL}redact: [{ pattern: "(", token: x }]\n`)).toMatch(/is not a valid regular expression/)
  })

  it('accepts every field', () => {
    const manifest = parse(
      [
        `${MINIMAL}composition: [bash-tools]`,
        'replay: overridden',
        'header: { class: default, pin: true, toolSchemasSource: other-pin }',
        'workspace: { final: true }',
        'platform: posix',
        'permissions: { unusedAnswers: ignore }',
        'environment: { DSH_MAX_STEPS: "3", DSH_ZONE: UTC }',
        'session: { source: other }',
        '',
      ].join('\n'),
    )
    expect(manifest.header).toEqual({ class: 'default', pin: true, toolSchemasSource: 'other-pin' })
    expect(manifest.environment).toEqual({ DSH_MAX_STEPS: '3', DSH_ZONE: 'UTC' })
    expect(manifest.session).toEqual({ source: 'other' })
  })

  it('accepts the three recording sources', () => {
    for (const source of ['stub', 'live', 'authored', 'imported'])
      expect(parse(MINIMAL.replace('recording: stub', `recording: ${source}`)).recording).toBe(source)
  })

  it('rejects the retired recording: recorded, saying exactly what to write instead', () => {
    expect(errorOf(MINIMAL.replace('recording: stub', 'recording: recorded'))).toContain(
      ': recording: recording: recorded is no longer used: ' +
        'write stub (recorded against the scripted stub), live (against the real model) or authored',
    )
    expect(errorOf(MINIMAL.replace('recording: stub', 'recording: replayed'))).toMatch(
      /recording: must be one of "stub" \| "live" \| "authored" \| "imported", got string "replayed"/,
    )
  })

  it('rejects unknown fields, naming the field and the allowed ones', () => {
    const message = errorOf(`${MINIMAL}recorded: true\nheader: { class: a, pinned: true }\n`)
    expect(message).toMatch(/- recorded: unknown field; the fields allowed here are: scenario, description/)
    expect(message).toMatch(
      /- header\.pinned: unknown field; the fields allowed here are: class, pin, systemPromptSource, toolSchemasSource/,
    )
  })

  it('rejects a scenario field that differs from the folder', () => {
    expect(errorOf(MINIMAL, 'text-turn-2')).toMatch(/scenario: is "text-turn" but the folder is "text-turn-2"/)
  })

  it('requires description, one line', () => {
    expect(errorOf('scenario: text-turn\nrecording: stub\n')).toMatch(/description: required field is missing/)
    expect(errorOf('scenario: text-turn\nrecording: stub\ndescription: "two\\nlines"\n')).toMatch(
      /description: description must be one non-blank line/,
    )
  })

  it.each([
    ['!!js/function', 'description: !!js/function "function () {}"'],
    ['!!str', 'description: !!str hello'],
    ['!env', 'description: !env HOME'],
    ['!', 'description: ! hello'],
  ])('rejects the YAML tag %s with its line', (tag, line) => {
    const message = errorOf(`scenario: text-turn\nrecording: stub\n${line}\n`)
    expect(message).toContain('line 3')
    expect(message).toMatch(/YAML tag .* is not allowed/)
    expect(message).toContain(tag === '!env' ? '!env' : tag)
  })

  it('reports YAML syntax errors with a line', () => {
    expect(errorOf('scenario: text-turn\n  bad: [\n')).toMatch(/line \d+: YAML syntax error/)
  })

  it('rejects an empty manifest', () => {
    expect(errorOf('')).toMatch(/the manifest is empty/)
  })

  it.each([
    ['absolute path', 'composition: [/etc/overlay]', /composition\[0\]: "\/etc\/overlay" is an absolute path/],
    ['..', 'composition: [../x]', /composition\[0\]: "\.\.\/x" contains a "\.\." segment/],
    ['backslash', 'composition: ["a\\\\b"]', /composition\[0\]: "a\\\\b" contains a backslash/],
    [
      'malformed name',
      'header: { class: Default_Class }',
      /header\.class: "Default_Class" is not a valid header class name; use kebab-case/,
    ],
    ['double hyphen', 'session: { source: a--b }', /session\.source: "a--b" is not a valid scenario name/],
    [
      'absolute env value',
      'environment: { DSH_HOME: /home/me }',
      /environment\.DSH_HOME: "\/home\/me" is an absolute path/,
    ],
  ])('rejects %s with the field path', (_kind, line, pattern) => {
    expect(errorOf(`${MINIMAL}${line}\n`)).toMatch(pattern)
  })

  it.each([
    ['HOME', /environment\.HOME: "HOME" is not an allowed environment name/],
    ['DSH_API_KEY', /environment\.DSH_API_KEY: "DSH_API_KEY" looks like a credential/],
    ['DSH_GITHUB_TOKEN', /looks like a credential/],
    ['DSH_CLIENT_SECRET', /looks like a credential/],
  ])('rejects the environment name %s', (name, pattern) => {
    expect(errorOf(`${MINIMAL}environment: { ${name}: x }\n`)).toMatch(pattern)
  })

  it('rejects non-string environment values (quote them)', () => {
    expect(errorOf(`${MINIMAL}environment: { DSH_MAX_STEPS: 3 }\n`)).toMatch(
      /environment\.DSH_MAX_STEPS: expected string, got number 3/,
    )
  })

  it('rejects wrong types and enum values with the value shown', () => {
    const message = errorOf(`${MINIMAL}workspace: { final: "yes" }\nplatform: windows\n`)
    expect(message).toMatch(/workspace\.final: expected boolean, got string "yes"/)
    expect(message).toMatch(/platform: must be one of "any" \| "posix", got string "windows"/)
  })

  it('checks pin ownership fields', () => {
    expect(errorOf(`${MINIMAL}header: { class: a, systemPromptSource: other }\n`)).toMatch(
      /header\.systemPromptSource: only a pin \(pin: true\) shares a sidecar/,
    )
    expect(errorOf(`${MINIMAL}header: { class: a, pin: true, toolSchemasSource: text-turn }\n`)).toMatch(
      /header\.toolSchemasSource: names this scenario itself/,
    )
  })

  it('rejects overridden replay without a model, a self session source and duplicate overlays', () => {
    const message = errorOf(`${MINIMAL}replay: overridden\nsession: { source: text-turn }\ncomposition: [a, a]\n`)
    expect(message).toMatch(/- replay: is "overridden" but the scenario has no header/)
    expect(message).toMatch(/- session\.source: names this scenario itself/)
    expect(message).toMatch(/- composition\[1\]: overlay "a" is listed twice/)
    expect(message).toMatch(/3 problems/)
  })
})

describe('composition overlays', () => {
  it('reports overlays without a file', async () => {
    const root = await mkdtemp(join(tmpdir(), 'dsh-manifest-'))
    try {
      await mkdir(join(root, 'scenarios', 'text-turn'), { recursive: true })
      await writeFile(join(root, FILE), `${MINIMAL}composition: [bash-tools, missing]\n`)
      expect(() => loadManifest(root, 'text-turn', ['bash-tools.cordis.yml'])).toThrow(
        'snapshot.yml: composition[1]: overlays/missing.cordis.yml does not exist (neither in the ' +
          'project nor in dsh); create it or remove "missing"',
      )
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })
})

describe('expandEnvironment', () => {
  it('expands {{cwd}} in values', () => {
    expect(expandEnvironment({ DSH_DATA: '{{cwd}}/data', TZ: 'UTC' }, '/tmp/x')).toEqual({
      DSH_DATA: '/tmp/x/data',
      TZ: 'UTC',
    })
  })
})

describe('loadManifest', () => {
  let root: string | undefined
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true })
  })

  it('reads the file and checks overlays on disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dsh-manifest-'))
    root = dir
    await mkdir(join(root, 'scenarios', 'text-turn'), { recursive: true })
    await mkdir(join(root, 'overlays'))
    await writeFile(join(root, 'overlays', 'present.cordis.yml'), '[]\n')
    await writeFile(join(root, FILE), `${MINIMAL}composition: [present]\n`)
    expect(loadManifest(root, 'text-turn')).toMatchObject({ composition: ['present'] })
    // dsh's own overlays count too: a project copies a scenario that composes echo without copying echo.
    await writeFile(join(root, FILE), `${MINIMAL}composition: [present, echo]\n`)
    expect(loadManifest(root, 'text-turn')).toMatchObject({ composition: ['present', 'echo'] })
    await writeFile(join(root, FILE), `${MINIMAL}composition: [absent]\n`)
    expect(() => loadManifest(dir, 'text-turn')).toThrow(
      /composition\[0\]: overlays\/absent\.cordis\.yml does not exist/,
    )
    expect(() => loadManifest(dir, 'nope')).toThrow(/scenarios\/nope\/snapshot\.yml: file not found/)
  })
})
