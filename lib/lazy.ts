// A value built on first use and kept: the one home for schemas (and the like) that a module would
// otherwise build when it is loaded, whether this process ever reads them or not. Building every
// schema at import was a good part of what `dsh serve` spends before it answers (docs/benchmarks.md,
// issue 36).

/** `build` runs once, on the first call; every call returns its value. */
export function lazy<T>(build: () => T): () => T {
  let built: { value: T } | undefined
  return () => {
    built ??= { value: build() }
    return built.value
  }
}
