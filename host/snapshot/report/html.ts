// The one way the HTML report puts text into markup: everything from a run (names, prompts, tool
// output, diffs, JSON) goes through escapeHtml, in text and in attribute values alike.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (char) => {
    const escaped = ESCAPES[char]
    if (escaped === undefined) throw new Error(`escapeHtml: the pattern matched ${char}, which ESCAPES lacks`)
    return escaped
  })
}

/** Markup built from trusted pieces; strings passed as children are escaped. */
export interface Html {
  readonly html: string
}

const raw = (html: string): Html => ({ html })

export type Child = Html | string | number | false | null | undefined | readonly Child[]

function render(child: Child): string {
  if (child === false || child === null || child === undefined) return ''
  if (Array.isArray(child)) return (child as readonly Child[]).map(render).join('')
  if (typeof child === 'object') return (child as Html).html
  return escapeHtml(child)
}

const VOID = new Set(['img', 'br', 'meta', 'hr', 'input', 'col'])

/** `h('td', { class: 'del' }, text)`: attribute values and text children are escaped. */
export function h(
  tag: string,
  attributes: Record<string, string | number | boolean | undefined>,
  ...children: Child[]
): Html {
  const attrs = Object.entries(attributes)
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`))
    .join('')
  return raw(VOID.has(tag) ? `<${tag}${attrs}>` : `<${tag}${attrs}>${render(children)}</${tag}>`)
}

export function join(children: readonly Child[]): Html {
  return raw(render(children))
}

/** Pretty JSON for a <pre>. */
export function json(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2)
}
