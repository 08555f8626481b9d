// Near-miss suggestions for names a person typed: commands, options, scenario names, fields,
// conformance cases. Levenshtein distance, with a threshold that grows with the name's length.

function editDistance(a: string, b: string): number {
  // One row of the table at a time: `previous` is row i - 1; `left` and `diagonal` walk row i.
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  let distance = b.length
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let left = i
    let diagonal = i - 1
    for (const [j, above] of previous.entries()) {
      if (j === 0) continue
      left = Math.min(above + 1, left + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1))
      diagonal = above
      current.push(left)
    }
    previous = current
    distance = left
  }
  return distance
}

/** Known names close enough to `given` to be what was meant, nearest first. */
export function nearMisses(given: string, known: readonly string[]): string[] {
  const scored = known
    .filter((k) => k !== given)
    .map((k) => ({ k, d: editDistance(given.toLowerCase(), k.toLowerCase()) }))
    .filter(({ k, d }) => d <= Math.max(2, Math.floor(k.length / 5)))
  const best = Math.min(...scored.map(({ d }) => d))
  return scored.filter(({ d }) => d === best).map(({ k }) => k)
}

/** `; did you mean "cancel-idle"?` for a near miss, else the known names. */
export function suggest(given: string, known: readonly string[]): string {
  const close = nearMisses(given, known)
  if (close.length) return `; did you mean ${close.map((k) => JSON.stringify(k)).join(' or ')}?`
  return `; known: ${known.length ? known.join(', ') : 'none'}`
}
