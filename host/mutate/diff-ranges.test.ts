import { describe, expect, it } from 'vitest'
import { onChangedLines, parseDiffRanges } from './diff-ranges.ts'

const DIFF = `diff --git a/plugins/a.ts b/plugins/a.ts
--- a/plugins/a.ts
+++ b/plugins/a.ts
@@ -3 +3 @@ x
-old
+new
@@ -10,0 +11,3 @@
+one
+two
+three
@@ -20,2 +22,0 @@
-gone
-gone
diff --git a/plugins/b.ts b/plugins/b.ts
deleted file mode 100644
--- a/plugins/b.ts
+++ /dev/null
@@ -1,2 +0,0 @@
-x
-y
`

describe('parseDiffRanges', () => {
  it("reads the new side's changed line ranges per file; pure deletions and deleted files change no line", () => {
    expect([...parseDiffRanges(DIFF)]).toEqual([
      [
        'plugins/a.ts',
        [
          [3, 3],
          [11, 13],
        ],
      ],
    ])
  })
})

describe('onChangedLines', () => {
  const at = (file: string, from: number, to = from) => ({
    file,
    location: { start: { line: from, column: 0 }, end: { line: to, column: 1 } },
  })
  it('keeps the mutants that touch a changed line of their own file', () => {
    const changed = parseDiffRanges(DIFF)
    const mutants = [at('plugins/a.ts', 3), at('plugins/a.ts', 5), at('plugins/a.ts', 9, 11), at('plugins/c.ts', 3)]
    expect(onChangedLines(mutants, changed)).toEqual([mutants[0], mutants[2]])
  })
})
