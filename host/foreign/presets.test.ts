import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { fillPreset } from '../../lib/model-wire/preset.ts'
import { normalizeText } from '../../lib/model-wire/request-normalize.ts'
import { loadPreset } from './presets.ts'

test('the bundled presets load, each on a wire the model server speaks', () => {
  const names = ['claude-code-acp', 'codex-acp', 'gemini-cli', 'opencode']
  const wires = names.map((name) => loadPreset(name, tmpdir()).wire)
  expect(wires).toEqual(['anthropic-messages', 'openai-responses', 'gemini', 'openai-chat'])
  const gemini = loadPreset('gemini-cli', tmpdir())
  const filled = fillPreset(gemini, { modelUrl: 'http://127.0.0.1:9', home: '/h', cwd: '/c' })
  expect(filled.env).toMatchObject({ GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:9', HOME: '/h' })
  expect(filled.files[0]?.path).toBe('/h/.gemini/settings.json')
  // Record without --stub goes on to Google with the user's key; the agent's own is the dummy.
  expect(gemini).toMatchObject({ upstream: 'https://generativelanguage.googleapis.com', keyEnv: 'GEMINI_API_KEY' })
  expect(filled.env.GEMINI_API_KEY).toBe('dsh-dummy-key')
  expect(loadPreset('claude-code-acp', tmpdir())).toMatchObject({ keyEnv: 'ANTHROPIC_API_KEY' })
  expect(loadPreset('codex-acp', tmpdir())).toMatchObject({
    upstream: 'https://api.openai.com',
    keyEnv: 'OPENAI_API_KEY',
  })
  const opencode = loadPreset('opencode', tmpdir())
  expect(opencode).toMatchObject({ upstream: 'https://api.deepseek.com', keyEnv: 'DEEPSEEK_API_KEY' })
  // The model it names is one the upstream serves: a live record sends it on unchanged.
  expect(opencode.files[0]?.text).toContain('"model": "dsh/deepseek-chat"')
  expect(normalizeText('Process Group PGID: 4711', { cwd: [], rules: gemini.normalize })).toBe(
    'Process Group PGID: {{pid}}',
  )
})

test("gemini-cli's built-in skills count in any order; a project's own skill stays as written", () => {
  const gemini = loadPreset('gemini-cli', tmpdir())
  const skill = (name: string, folder: string) =>
    `  <skill>\n    <name>${name}</name>\n    <description>Use it for ${name}.</description>\n` +
    `    <location>${folder}/${name}/SKILL.md</location>\n  </skill>`
  const builtin = '{{tmp}}/node_modules/@google/gemini-cli/bundle/builtin'
  const prompt = (names: string[]) =>
    ['<available_skills>', ...names.map((name) => skill(name, builtin)), skill('mine', '{{cwd}}/.gemini/skills')]
      .concat('</available_skills>')
      .join('\n')
  const normalize = (text: string) => normalizeText(text, { cwd: [], rules: gemini.normalize })
  const one = normalize(prompt(['skill-creator', 'antigravity-support']))
  expect(one).toBe(normalize(prompt(['antigravity-support', 'skill-creator'])))
  expect(one).not.toContain('skill-creator')
  expect(one).toContain('<name>mine</name>')
  expect(one.match(/\{\{gemini-builtin-skill\}\}/g)).toHaveLength(2)
})

test('a user preset file loads; a wire the server does not speak and an unknown name are named errors', () => {
  const root = mkdtempSync(join(tmpdir(), 'dsh-presets-'))
  const write = (wire: string) =>
    writeFileSync(
      join(root, 'mine.yml'),
      `name: mine\ncommand: my-agent --acp\nwire: ${wire}\nenv: { URL: "{{modelUrl}}" }\n`,
    )
  write('openai-chat')
  expect(loadPreset('mine.yml', root)).toMatchObject({ name: 'mine', wire: 'openai-chat', files: [] })
  writeFileSync(join(root, 'mine.yml'), 'name: mine\ncommand: a\nwire: gemini\nupstream: ftp://x\nkeyEnv: 1KEY\n')
  expect(() => loadPreset('mine.yml', root)).toThrow(
    /mine\.yml: 2 problems\n {2}- upstream: Invalid URL\n {2}- keyEnv: /,
  )
  write('bedrock')
  expect(() => loadPreset('mine.yml', root)).toThrow(expect.objectContaining({ name: 'PresetWireError' }))
  expect(() => loadPreset('mine.yml', root)).toThrow(/mine\.yml: preset mine names wire "bedrock", which the model/)
  expect(() => loadPreset('gemini', root)).toThrow(
    /unknown agent preset "gemini".*; bundled: claude-code-acp, codex-acp, gemini-cli, opencode/,
  )
})
