// ACP content as HTML: content blocks (text, resource links, embedded resources, images) and tool
// call content (content, diff, terminal), each with a generic fallback for types added later.
import { diffLines } from 'diff'
import { h, join, json, type Html } from './html.ts'

type Json = Record<string, unknown>

const SAFE_IMAGE = /^image\/(png|jpeg|gif|webp)$/
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

export function contentBlock(block: unknown): Html {
  const b = (block ?? {}) as Json
  switch (b.type) {
    case 'text':
      return h('div', { class: 'text' }, String(b.text ?? ''))
    case 'resource_link':
      return h(
        'div',
        { class: 'resource' },
        h('span', { class: 'tag' }, 'link'),
        ' ',
        h('b', {}, String(b.title ?? b.name ?? '')),
        ' ',
        h('code', {}, String(b.uri ?? '')),
        b.mimeType ? h('span', { class: 'dim' }, ` ${String(b.mimeType)}`) : '',
      )
    case 'resource': {
      const resource = (b.resource ?? {}) as Json
      const body =
        typeof resource.text === 'string'
          ? h('pre', {}, resource.text)
          : h('span', { class: 'dim' }, `binary, ${String(resource.blob ?? '').length} base64 characters`)
      return h(
        'div',
        { class: 'resource' },
        h('span', { class: 'tag' }, 'resource'),
        ' ',
        h('code', {}, String(resource.uri ?? '')),
        body,
      )
    }
    case 'image': {
      const mime = String(b.mimeType ?? '')
      const data = String(b.data ?? '')
      // Only inline data of a plain image type: nothing the page shows is ever fetched.
      if (SAFE_IMAGE.test(mime) && BASE64.test(data))
        return h('img', { class: 'image', alt: 'image', src: `data:${mime};base64,${data}` })
      return h('div', { class: 'resource' }, h('span', { class: 'tag' }, 'image'), ` ${mime}`)
    }
    default:
      return h(
        'details',
        { class: 'generic' },
        h('summary', {}, `${String(b.type ?? 'content')} block`),
        h('pre', {}, json(block)),
      )
  }
}

/** A diff as an editor shows it: the file, then removed and added lines marked. */
function diffContent(path: string, oldText: string | null, newText: string): Html {
  const rows = diffLines(oldText ?? '', newText).flatMap((part) =>
    part.value
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => {
        const kind = part.added ? 'ins' : part.removed ? 'del' : 'same'
        return h(
          'div',
          { class: `line ${kind}` },
          h('span', { class: 'mark' }, part.added ? '+' : part.removed ? '−' : ' '),
          line,
        )
      }),
  )
  return h('div', { class: 'diff' }, h('div', { class: 'path' }, oldText === null ? `${path} (new file)` : path), rows)
}

export function toolContent(item: unknown): Html {
  const c = (item ?? {}) as Json
  if (c.type === 'content') return contentBlock(c.content)
  if (c.type === 'diff')
    return diffContent(String(c.path ?? ''), typeof c.oldText === 'string' ? c.oldText : null, String(c.newText ?? ''))
  if (c.type === 'terminal')
    return h('div', { class: 'resource' }, h('span', { class: 'tag' }, 'terminal'), ` ${String(c.terminalId ?? '')}`)
  return h(
    'details',
    { class: 'generic' },
    h('summary', {}, `${String(c.type ?? 'content')}`),
    h('pre', {}, json(item)),
  )
}

export function locations(list: readonly unknown[]): Html {
  if (!list.length) return join([])
  return h(
    'div',
    { class: 'locations' },
    'locations: ',
    list.map((location) => {
      const l = (location ?? {}) as Json
      return h('code', {}, `${String(l.path ?? '?')}${l.line !== undefined ? `:${String(l.line)}` : ''}`)
    }),
  )
}
