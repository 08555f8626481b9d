// What each `dsh` command says about itself: name, summary, options, positionals. This is all
// `dsh --help` and the argument parser need, so it lives apart from the commands' code, which
// commands.ts imports only when a command runs (`dsh --help` starts about as fast as node).
import { docFile } from '../../../lib/package-root.ts'
import type { CliCommand, CliOption } from './command.ts'

/** Where the CI recipes are, as the reader reaches them. */
const CI_DOC = docFile('ci.md')

/** A command without its run function. */
export type CommandHelp = Omit<CliCommand, 'run'>

/** `--root DIR`, shared by every command that works on a project's scenarios/. */
export const rootOption: CliOption = {
  type: 'string',
  valueName: 'DIR',
  description: 'folder holding scenarios/ (default: the current folder)',
}

/** `--config` / `--patch`, shared by every command that reads the composition. */
export const compositionOptions = {
  config: {
    type: 'string',
    short: 'c',
    valueName: 'FILE',
    description: "composition file (default: cordis.yml in the current folder, else dsh's own)",
  },
  patch: {
    type: 'string',
    short: 'p',
    multiple: true,
    valueName: 'FILE',
    description: 'overlay file, or a bundled one by name (snapshot, record, echo, …); repeatable, in order',
  },
} satisfies Record<string, CliOption>

export const serveHelp: CommandHelp = {
  name: 'serve',
  summary: 'run the composition (the ACP agent on stdio) until stdin closes or a signal arrives',
  options: {
    ...compositionOptions,
    scope: {
      type: 'string',
      valueName: 'FILE',
      description:
        'start in the scenario scope this JSON file holds ' + `(the test host runs dsh so; ${docFile('test-host.md')})`,
    },
  },
}

export const loginHelp: CommandHelp = {
  name: 'login',
  summary:
    "write a model adapter's API key to its key file (0600): typed without echo, or stdin's first line when piped",
  options: {
    ...compositionOptions,
    env: {
      type: 'string',
      valueName: 'VAR',
      description: 'the key variable of the adapter to log in to, when the composition reads several keys',
    },
  },
}

export const configHelp: CommandHelp = {
  name: 'config',
  summary: 'print the effective entry list (composition + overlays) as YAML',
  options: compositionOptions,
}

export const doctorHelp: CommandHelp = {
  name: 'doctor',
  summary:
    "say which sandbox this machine gives commands (bubblewrap, Seatbelt, or none and why) and each entry's policy",
  options: compositionOptions,
}

export const testHelp: CommandHelp = {
  name: 'test',
  summary: 'run snapshot scenarios (replay by default; record / refresh rewrite fixtures)',
  positionals: '[name|glob…]',
  options: {
    root: rootOption,
    config: {
      ...compositionOptions.config,
      description: "composition file (default: cordis.yml in the root folder, else dsh's own)",
    },
    patch: compositionOptions.patch,
    mode: {
      type: 'string',
      valueName: 'MODE',
      description:
        'replay (default, keyless), record (real model, or --stub), refresh (keyless, rewrites goldens), ' +
        'record-missing (record only the scenarios without fixtures), ' +
        'record-drifted (replay all, then re-record only those failing with replay drift or exhaustion), ' +
        'record-stale (re-record only those older than their maxAge), ' +
        'verify-live (run against the live model, write nothing, report structural agreement with the recording)',
    },
    pending: {
      type: 'boolean',
      description: 'with record / refresh: write <file>.new beside each fixture that would change, for dsh review',
    },
    pins: {
      type: 'boolean',
      description:
        "with --mode refresh: only the header classes' pins (of the names given, or all), re-pinning each class " +
        'whose tools, system prompt or models changed, and listing what changed per class',
    },
    subprocess: { type: 'boolean', description: 'run the built dsh over real stdio instead of in-process' },
    stub: {
      type: 'boolean',
      description:
        "record (any record mode) against the scripted stub endpoint (the scenario's model.yml) instead of the " +
        'real API',
    },
    strict: {
      type: 'boolean',
      description:
        'with a record mode: write nothing when the recording has warnings (a tool call that failed, a scaffold ' +
        'TODO: left in the scenario files)',
    },
    shard: {
      type: 'string',
      valueName: 'I/N',
      description: `run shard I of N (a stable split: by name, or balanced with --durations; for CI, ${CI_DOC})`,
    },
    durations: {
      type: 'string',
      valueName: 'FILE',
      description: "balance --shard by the scenarios' durations in FILE, a JSON report of an earlier run",
    },
    jobs: {
      type: 'string',
      valueName: 'N',
      description:
        'run in N worker processes, each with its own composition (default: in this process below 250 ' +
        'scenarios, where workers do not pay off, else one per core; 1: in this process)',
    },
    format: { type: 'string', valueName: 'text|json', description: 'report format on stdout (default text)' },
    report: {
      type: 'string',
      valueName: 'FILE',
      description: `also write the JSON report to FILE, with the blob dsh report merge reads (${CI_DOC})`,
    },
    html: { type: 'string', valueName: 'FILE', description: 'also write a self-contained HTML report to FILE' },
    timeout: { type: 'string', valueName: 'MS', description: 'per-wait timeout in milliseconds (default 10000)' },
    'agent-command': {
      type: 'string',
      valueName: 'CMD',
      description:
        'run the scenarios against this ACP agent over stdio instead of dsh, its model at the wire ' +
        `(${docFile('foreign-agents.md')}; default: dsh.config.yml agent.command)`,
    },
    'agent-preset': {
      type: 'string',
      valueName: 'NAME|FILE',
      description:
        'how to point that agent at the model server: gemini-cli, opencode, claude-code-acp, codex-acp, or a preset ' +
        '.yml file (default: dsh.config.yml agent.preset)',
    },
    upstream: {
      type: 'string',
      valueName: 'URL',
      description:
        "with --mode record and a foreign agent, without --stub: the provider's base URL to proxy to (default: " +
        "dsh.config.yml agent.upstream, else the preset's upstream)",
    },
  },
}

export const recordSessionHelp: CommandHelp = {
  name: 'record-session',
  summary: `proxy an editor's ACP session with any agent and write it as a scenario (${docFile('foreign-agents.md')})`,
  options: {
    root: rootOption,
    'agent-command': { type: 'string', valueName: 'CMD', description: 'the agent the editor talks to (required)' },
    name: { type: 'string', valueName: 'NAME', description: 'the scenario to write, scenarios/NAME/ (required)' },
    'agent-preset': {
      type: 'string',
      valueName: 'NAME|FILE',
      description:
        "proxy the agent's model to the preset's provider with the key its keyEnv names, so model.yml gets the " +
        "model's own answers, tool calls whole (default: only each turn's message text)",
    },
    upstream: { type: 'string', valueName: 'URL', description: "with --agent-preset: the provider's base URL" },
  },
}

export const conformanceHelp: CommandHelp = {
  name: 'conformance',
  summary: `check any ACP agent command against the conformance cases (${docFile('conformance.md')})`,
  options: {
    'agent-command': {
      type: 'string',
      valueName: 'CMD',
      description:
        'the agent to test, e.g. "npx dsh --patch overlays/echo.cordis.yml" (required; split like a shell, run ' +
        'without one)',
    },
    profile: {
      type: 'string',
      valueName: 'NAME',
      description: 'which cases must pass: core (any ACP agent; default) or dsh (needs the echo model)',
    },
    case: {
      type: 'string',
      multiple: true,
      valueName: 'ID',
      description: 'run only this case (repeatable); ids are the case file names without NNN- and .json',
    },
    cwd: {
      type: 'string',
      valueName: 'DIR',
      description: 'session cwd for every case, put back as it was after each (default: a fresh temp folder per case)',
    },
    'permission-mode': {
      type: 'string',
      valueName: 'MODE',
      description: 'answer permission requests: approve-all (default) or deny-all; a case may override it',
    },
    authenticate: {
      type: 'string',
      valueName: 'METHOD',
      description: 'send authenticate with this auth method (one the agent advertises) after initialize in every case',
    },
    format: { type: 'string', valueName: 'FORMAT', description: 'stdout: text (default) or json' },
    report: {
      type: 'string',
      valueName: 'FILE',
      description: 'also write the JSON report here (written even when interrupted)',
    },
    jobs: { type: 'string', valueName: 'N', description: 'cases at a time, each with its own agent (default 1)' },
    'timeout-scale': {
      type: 'string',
      valueName: 'N',
      description: 'multiply every case timeout, e.g. 3 for a slow real model (default 1)',
    },
    suite: {
      type: 'string',
      valueName: 'DIR',
      description: 'conformance data folder (SPEC.md, cases/, profiles/); default: scenarios/conformance of this dsh',
    },
  },
}

export const newHelp: CommandHelp = {
  name: 'new',
  summary:
    'scaffold a scenario folder (snapshot.yml, input.json, model.yml) ready to record with --stub, or import one ' +
    'from a session log (--from-session)',
  positionals: '<name>',
  options: {
    root: rootOption,
    'from-session': {
      type: 'string',
      valueName: 'ID|PATH',
      description:
        'import a session (an id or unique id prefix from dsh sessions, or a log file) as the scenario, then replay ' +
        `it (${docFile('import.md')})`,
    },
    workspace: {
      type: 'string',
      valueName: 'DIR',
      description:
        'with --from-session: copy DIR as the starting workspace (.gitignore respected; default: rebuilt from the ' +
        "log's file reads, or the session's cwd when bash or a plugin's tool ran)",
    },
    keep: {
      type: 'boolean',
      description: 'with --from-session: keep the scenario folder when its replay fails (default: removed)',
    },
    description: { type: 'string', valueName: 'TEXT', description: 'the one-line description for snapshot.yml' },
    class: { type: 'string', valueName: 'NAME', description: 'header class to join (default: default)' },
    table: {
      type: 'string',
      valueName: 'FILE',
      description: 'the *.snapshot.test.ts table to add the name to (default: the only one listing names, if any)',
    },
  },
}

export const sessionsHelp: CommandHelp = {
  name: 'sessions',
  summary: 'list the sessions root (id, title, cwd, date, turns, size), newest first, to pick one to import',
  options: { json: { type: 'boolean', description: 'print a JSON array instead of the table' } },
}

export const reportHelp: CommandHelp = {
  name: 'report',
  summary: `merge the report blobs of dsh test --shard runs into one report and one exit code (${CI_DOC})`,
  positionals: 'merge BLOB…',
  options: {
    report: {
      type: 'string',
      valueName: 'FILE',
      description: 'also write the merged JSON report (with its blob) to FILE',
    },
    html: {
      type: 'string',
      valueName: 'FILE',
      description: 'also write the merged self-contained HTML report to FILE',
    },
  },
}

export const reviewHelp: CommandHelp = {
  name: 'review',
  summary:
    'review pending fixtures (<file>.new from --pending) scenario by scenario with their diffs; one key each ' +
    '(a, r, s, A/R: all of the scenario, q)',
  positionals: '[name|glob…]',
  options: {
    root: rootOption,
    accept: {
      type: 'boolean',
      description: 'accept every pending file (of the named scenarios): it replaces the fixture',
    },
    reject: { type: 'boolean', description: 'reject every pending file (of the named scenarios): it is deleted' },
  },
}
