// How check messages quote what they saw: JSON, cut to a length, and short lists.

export const show = (value: unknown, max = 120): string => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

export const list = (items: readonly unknown[], max = 4): string =>
  items.length
    ? items
        .slice(0, max)
        .map((i) => show(i))
        .join(', ') + (items.length > max ? `, … (${items.length} in all)` : '')
    : 'none'
