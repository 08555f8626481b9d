// "1 byte", "2 bytes": a count with its noun, singular for exactly one. The one home for plurals in messages.

/** `plural(1, 'entry', 'entries')` → "1 entry"; the plural form defaults to the noun + "s". */
export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`
}

/** The noun alone, for a list that follows: `${noun(names.length, 'scenario')} ${names.join(', ')}`. */
export function noun(count: number, singular: string, pluralNoun = `${singular}s`): string {
  return count === 1 ? singular : pluralNoun
}
