import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { loadComposition } from './load.ts'

let root: string
const write = (relative: string, text: string) => {
  const file = path.join(root, relative)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, text)
  return file
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'dsh-load-'))
  write(
    'app/cordis.yml',
    [
      '- id: llm',
      '  name: ./plugins/llm',
      '- id: session',
      '  name: ./plugins/session',
      '  config: { root: !env [SESSIONS, ./.sessions], keep: 3 }',
    ].join('\n'),
  )
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('loadComposition', () => {
  test('reads the composition with !env from the given env', async () => {
    const composition = await loadComposition({
      configFile: path.join(root, 'app/cordis.yml'),
      env: { SESSIONS: '/data' },
    })
    expect(composition.configFile).toBe(path.join(root, 'app/cordis.yml'))
    expect(composition.entries[1]).toEqual({
      id: 'session',
      name: './plugins/session',
      config: { root: '/data', keep: 3 },
    })
  })

  test('a patch error in an overlay file names its line and column', async () => {
    const overlay = write(
      'app/bad.yml',
      ['# a comment', '- { id: llm, disabled: true }', '-   id: ghost', '    config: { a: 1 }', ''].join('\n'),
    )
    await expect(
      loadComposition({ configFile: path.join(root, 'app/cordis.yml'), patches: [overlay], env: {} }),
    ).rejects.toThrow(
      `${overlay}:3:5: patch 2 of 2 (id "ghost"): no entry has id "ghost" (known ids: llm, session); ` +
        'fix the id or drop the patch',
    )
    const flow = write('app/flow.yml', '[ { id: llm, disabled: true },\n  { id: llm, confg: {} } ]\n')
    await expect(
      loadComposition({ configFile: path.join(root, 'app/cordis.yml'), patches: [flow], env: {} }),
    ).rejects.toThrow(`${flow}:2:3: patch 2 of 2 (id "llm"): has unknown patch key "confg"`)
  })

  test('overlay files apply in order; their ./ names are relative to the overlay folder', async () => {
    const first = write('app/overlays/first.yml', '- insert: [ { id: extra, name: ./extra-plugin } ]\n  after: llm\n')
    const second = write(
      'second.yml',
      '- { id: extra, name: ./app/overlays/extra-plugin, config: { on: true } }\n- { id: session, config: { keep: ' +
        '9 } }\n',
    )
    const composition = await loadComposition({
      configFile: path.join(root, 'app/cordis.yml'),
      patches: [path.relative(process.cwd(), first), second],
      env: {},
    })
    expect(composition.entries).toEqual([
      { id: 'llm', name: './plugins/llm' },
      { id: 'extra', name: './overlays/extra-plugin', config: { on: true } },
      { id: 'session', name: './plugins/session', config: { root: './.sessions', keep: 9 } },
    ])
  })

  test('in-memory patches apply after files and name their source label in errors', async () => {
    const configFile = path.join(root, 'app/cordis.yml')
    const composition = await loadComposition({
      configFile,
      patches: [
        {
          source: 'host per-run patch',
          patches: [
            { id: 'llm', disabled: true },
            { id: 'ghost', disabled: true },
          ],
        },
      ],
      env: {},
    }).catch((error: Error) => error)
    expect(composition).toBeInstanceOf(Error)
    expect((composition as Error).message).toMatch(
      /^host per-run patch: patch 2 of 2 \(id "ghost"\): no entry has id "ghost"/,
    )

    const ok = await loadComposition({
      configFile,
      patches: [
        {
          source: 'host per-run patch',
          baseDir: path.join(root, 'host'),
          patches: [{ insert: [{ id: 'host', name: './plugin' }] }],
        },
      ],
      env: {},
    })
    expect(ok.entries.at(-1)).toEqual({ id: 'host', name: '../host/plugin' })
  })

  test('never writes any file', async () => {
    const overlay = write('app/o.yml', '- { id: llm, disabled: true }\n')
    const before = readdirSync(root, { recursive: true }).sort()
    await loadComposition({ configFile: path.join(root, 'app/cordis.yml'), patches: [overlay], env: {} })
    expect(readdirSync(root, { recursive: true }).sort()).toEqual(before)
  })

  test('a missing composition or overlay file is an error that names it', async () => {
    await expect(loadComposition({ configFile: path.join(root, 'nope.yml'), env: {} })).rejects.toThrow(
      /cannot read composition file .*nope\.yml .*no such file; pass --config FILE/,
    )
    await expect(
      loadComposition({
        configFile: path.join(root, 'app/cordis.yml'),
        patches: [path.join(root, 'gone.yml')],
        env: {},
      }),
    ).rejects.toThrow(/cannot read overlay .*gone\.yml .*no such file; check the --patch path/)
  })

  test('duplicate ids and non-list documents are errors naming the file', async () => {
    write(
      'dup.yml',
      '- { id: a, name: ./a }\n- { id: g, name: cordis:group, group: true, config: [ { id: a, name: ./b } ] }\n',
    )
    await expect(loadComposition({ configFile: path.join(root, 'dup.yml'), env: {} })).rejects.toThrow(
      /dup\.yml: entry id "a" appears more than once/,
    )
    write('empty.yml', '# nothing\n')
    await expect(loadComposition({ configFile: path.join(root, 'empty.yml'), env: {} })).rejects.toThrow(
      /empty\.yml: expected a YAML list of entries/,
    )
  })

  test('an unset !env in an overlay names the overlay file and line', async () => {
    const overlay = write('o.yml', '- id: session\n  config:\n    root: !env DSH_UNSET_ROOT\n')
    await expect(
      loadComposition({ configFile: path.join(root, 'app/cordis.yml'), patches: [overlay], env: {} }),
    ).rejects.toThrow(/o\.yml:3: environment variable DSH_UNSET_ROOT is not set/)
  })
})
