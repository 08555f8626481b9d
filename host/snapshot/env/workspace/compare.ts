// Compare the final cwd of a run with `workspace.expected/`. Differences are
// reported at the topmost path that differs (a missing directory is one
// difference, not one per file). `.empty` in an expected directory means "this
// directory exists and is empty". Nothing ever rewrites workspace.expected/.
import { unifiedDiff } from '../../core/diff.ts'
import { createCwdReplacer } from '../../core/normalize/cwd.ts'
import { snapshotTree, type TreeEntry, type TreeEntryType } from './tree.ts'
import type { Failure } from '../../model/failure.ts'
import { plural } from '../../../../lib/plural.ts'

type WorkspaceDifference =
  | { kind: 'missing'; path: string; expected: TreeEntryType }
  | { kind: 'extra'; path: string; actual: TreeEntryType }
  | { kind: 'type'; path: string; expected: TreeEntryType; actual: TreeEntryType }
  | { kind: 'content'; path: string; detail: string }
  | { kind: 'mode'; path: string; expectedExecutable: boolean }
  | { kind: 'symlink-target'; path: string; expected: string; actual: string }

interface CompareWorkspaceOptions {
  /** The temp cwd spellings; absolute symlink targets inside it compare as `{{cwd}}/…`. */
  cwdPaths?: readonly string[]
}

export function compareWorkspace(
  actualDir: string,
  expectedDir: string,
  options: CompareWorkspaceOptions = {},
): WorkspaceDifference[] {
  const replaceCwd = createCwdReplacer(options.cwdPaths ?? [])
  const actual = snapshotTree(actualDir, { normalizeLinkTarget: replaceCwd })
  return compareTrees(actual, snapshotTree(expectedDir))
}

/** Pure: the differences between two tree descriptions, in path order. */
function compareTrees(actual: readonly TreeEntry[], expected: readonly TreeEntry[]): WorkspaceDifference[] {
  const actualByPath = new Map(actual.map((e) => [e.path, e]))
  const expectedByPath = new Map(expected.map((e) => [e.path, e]))
  const paths = [...new Set([...actualByPath.keys(), ...expectedByPath.keys()])].sort()
  const differences: WorkspaceDifference[] = []
  const reportedRoots: string[] = []
  const report = (difference: WorkspaceDifference, wholeSubtree: boolean) => {
    differences.push(difference)
    if (wholeSubtree) reportedRoots.push(`${difference.path}/`)
  }

  for (const path of paths) {
    if (reportedRoots.some((root) => path.startsWith(root))) continue
    const a = actualByPath.get(path)
    const e = expectedByPath.get(path)
    if (!a) report({ kind: 'missing', path, expected: e!.type }, true)
    else if (!e) report({ kind: 'extra', path, actual: a.type }, true)
    else if (a.type !== e.type) report({ kind: 'type', path, expected: e.type, actual: a.type }, true)
    else if (a.type === 'file' && e.type === 'file') {
      if (a.sha256 !== e.sha256) report({ kind: 'content', path, detail: contentDetail(path, e.bytes, a.bytes) }, false)
      else if (a.executable !== e.executable) report({ kind: 'mode', path, expectedExecutable: e.executable }, false)
    } else if (a.type === 'symlink' && e.type === 'symlink' && a.target !== e.target) {
      report({ kind: 'symlink-target', path, expected: e.target, actual: a.target }, false)
    }
  }
  return differences
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

function asText(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined
  try {
    return utf8.decode(bytes)
  } catch {
    return undefined
  }
}

/** A short text diff, or sizes and hashes for binary content. */
function contentDetail(path: string, expected: Uint8Array, actual: Uint8Array): string {
  const e = asText(expected)
  const a = asText(actual)
  if (e !== undefined && a !== undefined) {
    const diff = unifiedDiff(
      e,
      a,
      { expectedLabel: `expected/${path}`, actualLabel: `actual/${path}` },
      { context: 2, maxLines: 20, maxLineLength: 160 },
    )
    return diff.split('\n').slice(2).join('\n')
  }
  return `binary content differs: expected ${plural(expected.length, 'byte')}, actual ${plural(actual.length, 'byte')}`
}

const TYPE_NAMES: Record<TreeEntryType, string> = {
  file: 'file',
  dir: 'directory',
  symlink: 'symlink',
  other: 'special file',
}

function describeDifference(difference: WorkspaceDifference): string {
  switch (difference.kind) {
    case 'missing':
      return `missing: ${difference.path} (${TYPE_NAMES[difference.expected]}) is expected but was not there`
    case 'extra':
      return `extra: ${difference.path} (${TYPE_NAMES[difference.actual]}) was not expected`
    case 'type':
      return (
        `type differs: ${difference.path} is a ${TYPE_NAMES[difference.actual]}, expected a ` +
        `${TYPE_NAMES[difference.expected]}`
      )
    case 'content':
      return `content differs: ${difference.path}\n${difference.detail.replace(/^/gm, '    ')}`
    case 'mode':
      return `mode differs: ${difference.path} should ${difference.expectedExecutable ? '' : 'not '}be executable`
    case 'symlink-target':
      return (
        `symlink target differs: ${difference.path} -> ${JSON.stringify(difference.actual)}, expected ` +
        `${JSON.stringify(difference.expected)}`
      )
  }
}

/** The final workspace against workspace.expected/, as a failure: each difference a line, and the words. */
export function workspaceFailure(scenario: string, differences: readonly WorkspaceDifference[]): Failure {
  return {
    kind: 'workspace',
    scenario,
    message: formatWorkspaceDifferences(scenario, differences),
    differences: differences.map(describeDifference),
  }
}

function formatWorkspaceDifferences(scenario: string, differences: readonly WorkspaceDifference[]): string {
  return [
    `scenario ${scenario}: the final workspace differs from scenarios/${scenario}/workspace.expected/ ` +
      `(${differences.length} difference${differences.length === 1 ? '' : 's'}):`,
    ...differences.map((d) => `  - ${describeDifference(d)}`),
    'workspace.expected/ is never rewritten by record or refresh: if the new state is intended, edit it by hand ' +
      '(an empty directory holds a .empty file).',
  ].join('\n')
}
