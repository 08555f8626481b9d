// The runner's files: the shared editor fs saving through the case's cwd ledger, as case-client.ts wires it.
import { mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { EditorFs } from '../../lib/acp-client/editor-fs.ts'
import { insideCwd } from '../../lib/acp-client/resolve-inside.ts'
import { CwdLedger } from './cwd-ledger.ts'
import type { FileOp } from '../../lib/acp-client/editor-fs.ts'
import { removeScratch, scratchDir } from './test-support/scratch.ts'

async function setup(temporary: boolean) {
  const root = await scratchDir('fs')
  const outside = await scratchDir('outside')
  await writeFile(join(outside, 'secret.txt'), 'secret')
  await symlink(outside, join(root, 'link'))
  const ledger = new CwdLedger(root, temporary)
  const ops: FileOp[] = []
  const fs = new EditorFs({ cwd: root, store: ledger, knownSession: (id) => id === 's', record: (op) => ops.push(op) })
  return { root, ledger, ops, fs }
}

describe('client fs confined to the case cwd', () => {
  afterAll(removeScratch)

  it('refuses paths outside the cwd, symlink escapes and unknown sessions, and reads slices inside', async () => {
    const { root, ops, fs } = await setup(true)
    await writeFile(join(root, 'a.txt'), 'one\ntwo\nthree\n')
    await expect(fs.read({ sessionId: 's', path: join(root, 'a.txt'), line: 2, limit: 1 })).resolves.toEqual({
      content: 'two',
    })
    await expect(fs.read({ sessionId: 's', path: join(root, 'link', 'secret.txt') })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/leads outside the session cwd through a symlink/),
    })
    await expect(fs.write({ sessionId: 's', path: join(root, 'link', 'new.txt'), content: 'x' })).rejects.toMatchObject(
      { code: -32602 },
    )
    await expect(fs.read({ sessionId: 's', path: 'a.txt' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/is not an absolute path inside the session cwd/),
    })
    await expect(fs.read({ sessionId: 'other', path: join(root, 'a.txt') })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid params: fs\/read_text_file: unknown session "other": this client/),
    })
    await expect(fs.read({ sessionId: 's', path: join(root, 'nope.txt') })).rejects.toMatchObject({ code: -32002 })
    expect(ops.map((op) => `${op.op} ${op.relative ?? op.path} ${op.outcome}`)).toEqual([
      'read a.txt ok',
      'read link/secret.txt denied',
      'write link/new.txt denied',
      'read a.txt denied',
      `read ${join(root, 'a.txt')} error`,
      'read nope.txt missing',
    ])
  })

  it(
    'undoes its writes in a cwd it does not own: created files ' + 'and folders go, overwritten files come back',
    async () => {
      const { root, ledger, fs } = await setup(false)
      await writeFile(join(root, 'keep.txt'), 'original')
      await mkdir(join(root, 'existing'))
      await ledger.begin()
      await fs.write({ sessionId: 's', path: join(root, 'keep.txt'), content: 'changed' })
      await fs.write({ sessionId: 's', path: join(root, 'keep.txt'), content: 'changed twice' })
      await fs.write({ sessionId: 's', path: join(root, 'new', 'deep', 'file.txt'), content: 'new' })
      await fs.write({ sessionId: 's', path: join(root, 'existing', 'file.txt'), content: 'new' })
      await expect(ledger.write('keep.txt', 'seed', { refuseExisting: true })).rejects.toThrow(
        /keep\.txt already exists in .*; the runner does not overwrite files it did not create/,
      )
      expect(await ledger.cleanup()).toEqual([])
      expect((await readdir(root)).sort()).toEqual(['existing', 'keep.txt', 'link'])
      expect(await readdir(join(root, 'existing'))).toEqual([])
      expect(await readFile(join(root, 'keep.txt'), 'utf8')).toBe('original')
    },
  )

  it('insideCwd, and reads from a line or up to a limit', async () => {
    expect(insideCwd('/w', '/w/a/../b.txt')).toBe('b.txt')
    expect(insideCwd('/w', '/w')).toBeUndefined()
    expect(insideCwd('/w', '/w2/x')).toBeUndefined()
    expect(insideCwd('/w', '/w/../etc')).toBeUndefined()
    const { root, fs } = await setup(true)
    await writeFile(join(root, 'abc.txt'), 'a\nb\nc')
    const path = join(root, 'abc.txt')
    expect(await fs.read({ sessionId: 's', path, line: 2 })).toEqual({ content: 'b\nc' })
    expect(await fs.read({ sessionId: 's', path, limit: 1 })).toEqual({ content: 'a' })
  })
})

describe('client fs as a case declares it', () => {
  afterAll(removeScratch)

  it('answers reads from unsaved buffers until a write saves them, and refuses what is not advertised', async () => {
    const root = await scratchDir('buffers')
    await writeFile(join(root, 'a.txt'), 'disk')
    const ops: FileOp[] = []
    const reading = new EditorFs({
      cwd: root,
      store: new CwdLedger(root, true),
      knownSession: () => true,
      advertised: { readTextFile: true, writeTextFile: true },
      buffers: { 'a.txt': 'buffer' },
      record: (op) => ops.push(op),
    })
    await expect(reading.read({ sessionId: 's', path: join(root, 'a.txt') })).resolves.toEqual({ content: 'buffer' })
    await reading.write({ sessionId: 's', path: join(root, 'a.txt'), content: 'saved' })
    await expect(reading.read({ sessionId: 's', path: join(root, 'a.txt') })).resolves.toEqual({ content: 'saved' })
    const readOnly = new EditorFs({
      cwd: root,
      store: new CwdLedger(root, true),
      knownSession: () => true,
      advertised: { readTextFile: true, writeTextFile: false },
      record: (op) => ops.push(op),
    })
    await expect(readOnly.write({ sessionId: 's', path: join(root, 'a.txt'), content: 'x' })).rejects.toMatchObject({
      code: -32601,
    })
    expect(ops.at(-1)).toMatchObject({ op: 'write', outcome: 'denied' })
    expect(await readFile(join(root, 'a.txt'), 'utf8')).toBe('saved')
  })
})
