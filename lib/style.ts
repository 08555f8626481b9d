// Colour for people at a terminal, never for files or pipes: on when the stream is a TTY, off with
// NO_COLOR (any non-empty value, no-color.org), forced either way by FORCE_COLOR (0/false: off;
// anything else: on), which wins because it is the more explicit request. Styling is Node's own
// util.styleText; whether to style is decided here, not by Node, so it is the same on every version.
import { styleText } from 'node:util'

export type Style = 'red' | 'green' | 'yellow' | 'cyan' | 'dim' | 'bold'

/** Style `text`, or return it unchanged when colour is off. */
export type Paint = (style: Style, text: string) => string

export function colorEnabled(env: NodeJS.ProcessEnv, isTTY: boolean | undefined): boolean {
  const force = env.FORCE_COLOR
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false'
  if (env.NO_COLOR) return false
  return !!isTTY && env.TERM !== 'dumb'
}

export function painter(enabled: boolean): Paint {
  if (!enabled) return (_style, text) => text
  // validateStream: false (ignored by Node 20): the decision above is final.
  return (style, text) =>
    (styleText as (f: Style, t: string, o: object) => string)(style, text, { validateStream: false })
}

export const plain: Paint = painter(false)
