// dsh used by another project, as README "Use dsh in your own project" tells it, step for step:
// pack this checkout, install the tarball into a scratch project (no build step), then there
// (a) boot the project's own cordis.yml in replay (`npx dsh prompt`, and ACP on stdio), (b) pass
// `npx dsh test` on a copied scenario, (c) pass the project's own vitest file, (d) record a scenario
// of its own whose cordis.patch.yml inserts the project's plugin, and replay it in process and as a
// subprocess, (e) serve as an editor agent with the echo overlay and pass `dsh conformance`.
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packageFile, packageRoot } from '../../lib/package-root.ts'
import { installProject, packDsh, projectEnv, run } from './test-support/packed-project.ts'
import { promptOnce } from './test-support/prompt-once.ts'

const scratch = mkdtempSync(join(tmpdir(), 'dsh-use-in-project-'))
const project = join(scratch, 'my-project')
const fixture = join(packageRoot, 'host', 'app', 'test-support', 'consumer-project')
// The scratch holds an installed node_modules: removing it on a busy machine can take longer than the
// default hook timeout (seen at a load of 20 on 2 cores).
afterAll(() => rmSync(scratch, { recursive: true, force: true }), 120_000)

const env = projectEnv(scratch)
const inProject = (command: string, args: string[]) =>
  run(command, args, { cwd: project, env, maxBuffer: 16 * 1024 * 1024 }).catch((error) => {
    throw new Error(`${command} ${args.join(' ')} failed in ${project}:\n${error.stdout}\n${error.stderr}`)
  })
const dsh = (...args: string[]) => inProject(join(project, 'node_modules', '.bin', 'dsh'), args)

let tarball: string

beforeAll(async () => {
  // 1. Pack, without scripts: prepack's clean build (a release step, `node scripts/build.mjs --clean`)
  // would only rebuild the same files and cost a TypeScript compile on every run.
  tarball = await packDsh(scratch, env)
  // 2. Install it into a new project: npm's cache holds every dependency after npm ci; vitest, which a
  // real project installs with `npm install -D vitest`, is linked from this checkout (the same version).
  await installProject(project, tarball, env)
}, 120_000)

describe('dsh in a project of its own', () => {
  it('ships dist/ with .d.ts, and no tests, test support or sources', async () => {
    const { stdout } = await run('tar', ['tzf', tarball])
    const files = stdout.trim().split('\n')
    expect(files).toContain('package/dist/host/app/cli.js')
    expect(files).toContain('package/dist/host/snapshot/vitest/index.d.ts')
    expect(files).toContain('package/dist/plugins/llm-replay/index.d.ts')
    // README "Run the agent" sends an editor user to the echo model's script language.
    expect(files).toContain('package/plugins/llm-echo/README.md')
    expect(files.filter((file) => /\.test\.|test-support|\/testing\/|global-setup|(?<!\.d)\.ts$/.test(file))).toEqual(
      [],
    )
  })

  it('names its docs in help by a path that exists in the project (node_modules/dsh/docs/…)', async () => {
    const { stdout } = await dsh('--help')
    const cited = [...stdout.matchAll(/\((\S*docs\/[\w-]+\.md)\)/g)].map((match) => match[1]!)
    expect(cited).toContain('node_modules/dsh/docs/ci.md')
    expect(cited.filter((path) => !existsSync(join(project, path)))).toEqual([])
  })

  it('(a) boots its cordis.yml in replay, (b) passes npx dsh test on a copied scenario, (c) its vitest', async () => {
    cpSync(join(fixture, 'cordis.yml'), join(project, 'cordis.yml'))
    cpSync(packageFile('scenarios', 'text-turn'), join(project, 'scenarios', 'text-turn'), { recursive: true })
    cpSync(join(fixture, 'tests', 'dsh.test.js'), join(project, 'tests', 'dsh.test.js'))
    const replayEnv = { ...env, DSH_SNAPSHOT_FILE: 'scenarios/text-turn/session.jsonl' }
    const [prompted, booted, tested, vitest] = await Promise.all([
      // README step 2, as written there; and the same composition as an editor starts it (ACP on stdio).
      run('npx', ['dsh', 'prompt', 'Say hello in a few words.'], { cwd: project, env: replayEnv }),
      promptOnce({
        command: join(project, 'node_modules', '.bin', 'dsh'),
        args: [],
        cwd: project,
        env: replayEnv,
        text: 'Say hello in a few words.',
      }),
      inProject('npx', ['dsh', 'test', 'text-turn', '--config', 'cordis.yml']),
      inProject(process.execPath, [join(project, 'node_modules', 'vitest', 'vitest.mjs'), 'run']),
    ])
    // Exit 0 (execFile rejects otherwise): the turn ended end_turn.
    expect(prompted).toEqual({ stdout: 'Hello there, nice to meet you!\n', stderr: '' })
    expect(booted).toMatchObject({ stopReason: 'end_turn', reply: 'Hello there, nice to meet you!' })
    expect(booted.exit, booted.stderr).toEqual({ via: 'eof', code: 0 })
    // Progress on stderr, the report on stdout (docs/cli.md).
    expect(tested.stderr).toMatch(/\n\[1\/1\] pass {2}text-turn /)
    expect(tested.stdout).toMatch(/^text-turn {2}pass .*\n\n1 passed, 0 failed\n$/)
    expect(vitest.stdout).toMatch(/Tests {2}2 passed \(2\)/)
  }, 60_000)

  it('(d) records a scenario whose cordis.patch.yml inserts its own plugin, and replays it both ways', async () => {
    cpSync(join(fixture, 'scenarios', 'shout'), join(project, 'scenarios', 'shout'), { recursive: true })
    for (const file of ['tsconfig.json', join('tests', 'types.ts')]) cpSync(join(fixture, file), join(project, file))
    const recorded = await dsh('test', 'shout', '--config', 'cordis.yml', '--mode', 'record', '--stub')
    expect(recorded.stderr).toContain('pass  shout')
    const [inProcess, subprocess, types] = await Promise.all([
      dsh('test', 'shout', '--config', 'cordis.yml'),
      dsh('test', 'shout', '--config', 'cordis.yml', '--subprocess'),
      // Its TypeScript sees dsh's types through the package exports. (Single-threaded: TypeScript 7's
      // checker threads cost twice the CPU on this small project, and the other steps run alongside.)
      inProject(process.execPath, [
        packageFile('node_modules', 'typescript', 'bin', 'tsc'),
        '-p',
        'tsconfig.json',
        '--singleThreaded',
      ]),
    ])
    for (const result of [inProcess, subprocess])
      expect(result.stdout).toMatch(/^shout {2}pass .*\n\n1 passed, 0 failed\n$/)
    expect(types.stdout).toBe('')
    // The plugin's slash commands are listed with the agent's own, and a prompt naming one runs it;
    // /headline's own model call (purpose headline) was recorded, and replayed by that purpose.
    const golden = readFileSync(join(project, 'scenarios', 'shout', 'stdout.golden.jsonl'), 'utf8')
    const updates = golden
      .split('\n')
      .filter(Boolean)
      .flatMap((line) => JSON.parse(line).params?.update ?? [])
    const listed = updates.find((update) => update.sessionUpdate === 'available_commands_update')
    expect(listed?.availableCommands.map((command: { name: string }) => command.name)).toEqual([
      'mode',
      'model',
      'clear',
      'compact',
      'shout',
      'headline',
    ])
    const said = updates.filter((update) => update.sessionUpdate === 'agent_message_chunk').slice(-2)
    expect(said.map((update) => update.content.text)).toEqual(['THE SLASH COMMAND', 'PLUGINS ASK THE MODEL TOO'])
    const log = readFileSync(join(project, 'scenarios', 'shout', 'session.jsonl'), 'utf8')
    expect(log).toContain('"type":"model/request","data":{"turn":1,"step":0,"attempt":1,"purpose":"headline"')
  }, 60_000)

  it('(e) works as an editor agent with --patch echo: a prompt, and dsh conformance passes', async () => {
    // Its own state folder: the last step counts the session logs of the steps before.
    const editorEnv = { ...env, XDG_STATE_HOME: join(scratch, 'editor-state') }
    const inEditor = (args: string[]) =>
      run('npx', args, { cwd: project, env: editorEnv, maxBuffer: 16 * 1024 * 1024 }).catch((error) => {
        throw new Error(`npx ${args.join(' ')} failed in ${project}:\n${error.stdout}\n${error.stderr}`)
      })
    // Without the overlay (and no recorded session) replay cannot start: one named error, no 12 failures.
    const cannotStart = run('npx', ['dsh', 'conformance', '--agent-command', 'npx dsh'], {
      cwd: project,
      env: editorEnv,
    })
    const [prompted, conformance, stopped] = await Promise.all([
      inEditor(['dsh', 'prompt', '--patch', 'echo', 'Hello from the editor.']),
      inEditor(['dsh', 'conformance', '--agent-command', 'npx dsh --patch echo', '--jobs', '2']),
      cannotStart.then(
        () => ({ code: 0, stdout: '' }),
        (error: { code: number; stdout: string }) => error,
      ),
    ])
    expect(prompted).toEqual({ stdout: 'Hello from the editor.\n', stderr: '' })
    expect(conformance.stdout).toMatch(/ passed, 0 failed, 0 not run: PASS \(exit 0\)\n$/)
    expect(stopped.code).toBe(1)
    expect(stopped.stdout).toMatch(
      /\nStopped early: the agent could not start: in case \S+, the agent process exited with code 1 before/,
    )
    expect(stopped.stdout).toContain('llm-replay has no session log to replay')
    expect(stopped.stdout).toContain('start dsh with --patch echo')
    expect(stopped.stdout).toMatch(/: 0 passed, 1 failed \(1 required, 0 optional\), \d+ not run: FAIL \(exit 1\)\n$/)
  }, 120_000)

  it('wrote nothing in the project outside scenarios/ (session logs went to the state folder)', () => {
    const files = readdirSync(project, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(project, join(entry.parentPath, entry.name)))
      .filter((file) => !file.startsWith('node_modules'))
      .sort()
    expect(files.filter((file) => !file.startsWith('scenarios/'))).toEqual([
      'cordis.yml',
      'package-lock.json',
      'package.json',
      'tests/dsh.test.js',
      'tests/types.ts',
      'tsconfig.json',
    ])
    expect(files.filter((file) => file.startsWith('scenarios/shout/'))).toEqual(
      [
        'cordis.patch.yml',
        'input.json',
        'model.yml',
        'session.jsonl',
        'shout-plugin.js',
        'snapshot.yml',
        'stdout.golden.jsonl',
        'tool-schemas.expected.json',
      ].map((file) => `scenarios/shout/${file}`),
    )
    // (a)'s two sessions: `dsh prompt` and the stdio client's.
    expect(readdirSync(join(scratch, 'state', 'dsh', 'sessions'))).toHaveLength(2)
  })
})
