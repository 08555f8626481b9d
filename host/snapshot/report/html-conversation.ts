// A conversation (conversation.ts) as HTML: user and agent bubbles, thoughts, tool call cards with
// kind, status history, input, output, diffs and locations, permission requests with the answer.
import type { ConversationItem, PermissionView, ToolCallView } from './conversation.ts'
import { contentBlock, locations, toolContent } from './html-content.ts'
import { h, json, type Html } from './html.ts'

/** `changed`: indexes of items the other side of a comparison does not have; they are marked. */
export function renderConversation(items: readonly ConversationItem[], changed?: ReadonlySet<number>): Html {
  // With more than one session, every bubble says which one it belongs to.
  const sessions = new Set(items.flatMap((item) => ('session' in item && item.session ? [item.session] : [])))
  const who: Who = (label, item) =>
    h(
      'div',
      { class: 'who' },
      sessions.size > 1 && 'session' in item && item.session ? `${label} · ${item.session}` : label,
    )
  return h(
    'div',
    { class: 'conversation' },
    items.map((item, index) =>
      changed?.has(index)
        ? h('div', { class: 'changed-item', title: 'differs from the other side' }, renderItem(item, who))
        : renderItem(item, who),
    ),
  )
}

type Who = (label: string, item: ConversationItem) => Html

function renderItem(item: ConversationItem, who: Who): Html {
  switch (item.kind) {
    case 'user':
      return h(
        'div',
        { class: 'msg user' },
        who(item.replayed ? 'user (restored by session/load)' : 'user', item),
        item.blocks.map(contentBlock),
      )
    case 'message':
      return h('div', { class: 'msg agent' }, who('agent', item), joinText(item.blocks))
    case 'thought':
      return h(
        'details',
        { class: 'msg thought', open: true },
        h('summary', {}, who('agent thought', item)),
        joinText(item.blocks),
      )
    case 'tool':
      return toolCard(item.call, who('tool call', item))
    case 'permission':
      return h(
        'div',
        { class: 'permission' },
        who('permission request', item),
        h('div', {}, 'for ', h('b', {}, item.title)),
        permission(item),
      )
    case 'marker':
      return h('div', { class: 'marker' }, item.text)
    case 'end':
      return h(
        'div',
        { class: `end ${item.stopReason === 'end_turn' ? '' : 'abnormal'}` },
        `turn ended: ${item.stopReason}`,
      )
    case 'error':
      return h(
        'div',
        { class: 'rpc-error' },
        h('b', {}, `error ${String(item.code)}`),
        ` from ${item.method}: `,
        item.message,
        item.data !== undefined ? h('pre', {}, json(item.data)) : '',
      )
    case 'other':
      return h('details', { class: 'generic' }, h('summary', {}, item.label), h('pre', {}, json(item.value)))
  }
}

/** Consecutive text chunks read as one text; other blocks keep their own rendering. */
function joinText(blocks: readonly unknown[]): Html[] {
  const out: Html[] = []
  let text = ''
  const flush = () => {
    if (text) out.push(h('div', { class: 'text' }, text))
    text = ''
  }
  for (const block of blocks) {
    const b = block as { type?: string; text?: unknown }
    if (b?.type === 'text') text += String(b.text ?? '')
    else {
      flush()
      out.push(contentBlock(block))
    }
  }
  flush()
  return out
}

function permission(view: PermissionView): Html[] {
  return [
    h(
      'div',
      { class: 'options' },
      view.options.map((option) =>
        h(
          'span',
          { class: option.name === view.answer ? 'option chosen' : 'option' },
          String(option.name ?? option.kind),
        ),
      ),
    ),
    h(
      'div',
      { class: 'answer' },
      'answered: ',
      h('b', {}, view.answer),
      view.note ? h('span', { class: 'dim' }, ` (${view.note})`) : '',
    ),
  ]
}

function toolCard(call: ToolCallView, label: Html): Html {
  return h(
    'div',
    { class: `tool status-${/^[a-z_]+$/.test(call.status ?? '') ? call.status : 'other'}`, 'data-tool-call': call.id },
    label,
    h(
      'div',
      { class: 'tool-head' },
      h('span', { class: 'tag' }, call.kind ?? 'tool'),
      ' ',
      h('b', {}, call.title),
      ' ',
      h('span', { class: 'status' }, call.status ?? ''),
    ),
    h('div', { class: 'dim' }, `${call.id} · ${call.statuses.join(' → ')}`),
    call.rawInput !== undefined
      ? h('div', { class: 'io' }, h('div', { class: 'label' }, 'input'), h('pre', {}, json(call.rawInput)))
      : '',
    call.permission
      ? h(
          'div',
          { class: 'permission' },
          h('div', { class: 'label' }, 'permission request'),
          permission(call.permission),
        )
      : '',
    call.content.length
      ? h('div', { class: 'io output' }, h('div', { class: 'label' }, 'output'), call.content.map(toolContent))
      : '',
    call.rawOutput !== undefined
      ? h('div', { class: 'io' }, h('div', { class: 'label' }, 'raw output'), h('pre', {}, json(call.rawOutput)))
      : '',
    locations(call.locations),
  )
}
